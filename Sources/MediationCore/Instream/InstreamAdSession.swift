import Foundation
import MediationSupport

/// One in-stream ad session per content item, video or audio: loads with a timeout, keeps the midpoints, plays
/// sections through a network's ``InstreamCustomEvent`` and the host's ``InstreamAdPlayer``, and reports
/// ``InstreamAdEvent``s in a checked order.
///
/// The session guarantees the host: one load outcome (a loading timeout is "no ad", and the network is silenced);
/// within a section banner start, time-left updates and banner complete per banner, an error before section
/// complete, and section complete last and exactly once, also after ``stop()`` or ``skip()`` (which complete the
/// open banner first); nothing after that. Skips the banner does not allow are refused; the volume is clamped to
/// 0…1; a click URL the ``MediationURLPolicy`` refuses is dropped from the banner the host sees and never opened
/// (the click still counts with the network); companion trackers fire once per companion. Time comes only from
/// the clock.
public final class InstreamAdSession: Sendable {
    struct State: Sendable {
        enum Phase: Sendable, Equatable {
            case idle
            case loading
            case loaded
            case noAd
        }

        var phase: Phase = .idle
        var midpoints: [Double] = []
        var configuredMidpoints: [Double]?
        var section: InstreamAdSection?
        var sectionFailed = false
        var banner: InstreamAdBanner?
        var bannerStartedAt: MediationInstant?
        var refusedClickURL: URL?
        var volume: Double = 1
        var loadingTimer: ScheduledAction?
        var shownCompanions: Set<String> = []
        var clickedCompanions: Set<String> = []
        var events: [InstreamAdEvent] = []
        weak var delegate: (any InstreamAdSessionDelegate)?
    }

    let customEvent: any InstreamCustomEvent
    let player: any InstreamAdPlayer
    /// The session's configuration.
    public let configuration: InstreamAdSessionConfiguration
    let clock: MediationClock
    let urlOpener: any InstreamURLOpening
    let trackerPinger: any TrackerPinging
    let state = Locked(State())

    /// Creates a session for one content item.
    ///
    /// - Parameters:
    ///   - customEvent: the network side (such as the myTarget in-stream video or audio custom event).
    ///   - player: the host's player, or the network's default player.
    ///   - configuration: slot info, loading timeout, midpoints, targeting, privacy and URL policy.
    ///   - clock: the only source of time.
    ///   - urlOpener: opens click destinations.
    ///   - trackerPinger: fires companion trackers.
    public init(
        customEvent: any InstreamCustomEvent, player: any InstreamAdPlayer,
        configuration: InstreamAdSessionConfiguration, clock: MediationClock = .continuous,
        urlOpener: any InstreamURLOpening, trackerPinger: any TrackerPinging
    ) {
        self.customEvent = customEvent
        self.player = player
        self.configuration = configuration
        self.clock = clock
        self.urlOpener = urlOpener
        self.trackerPinger = trackerPinger
    }

    /// The host's listener; held weakly. Its calls arrive on the main actor, in order.
    public var delegate: (any InstreamAdSessionDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Every event reported so far, in order (the same the delegate receives, recorded at once).
    public var reportedEvents: [InstreamAdEvent] { state.withLock { $0.events } }

    /// The midroll positions in seconds that have ads; empty before load and when there is no midroll.
    public var midpoints: [Double] { state.withLock { $0.midpoints } }

    /// Whether the ad data has loaded.
    public var isLoaded: Bool { state.withLock { $0.phase == .loaded } }

    /// The section playing now, if any.
    public var currentSection: InstreamAdSection? { state.withLock { $0.section } }

    /// The banner playing now, if any.
    public var currentBanner: InstreamAdBanner? { state.withLock { $0.banner } }

    /// The volume, 0…1.
    public var volume: Double { state.withLock { $0.volume } }

    /// Starts loading; the outcome is reported as ``InstreamAdEvent/loaded(midpoints:)`` or
    /// ``InstreamAdEvent/noAd(reason:)``, the latter also when the loading timeout passes first.
    ///
    /// Refused when called twice or when the midpoints are invalid (the reason names the bad value).
    @discardableResult
    public func load() -> InstreamControlResult {
        let configured: [Double]?
        do {
            configured = try configuration.midpoints.positions(contentDuration: configuration.contentDuration)
        } catch {
            return .refused(reason: error.description)
        }
        let timeout = configuration.effectiveLoadingTimeout
        let canLoad = state.withLock { state -> Bool in
            guard state.phase == .idle else { return false }
            state.phase = .loading
            state.configuredMidpoints = configured
            return true
        }
        guard canLoad else { return .refused(reason: "load() was already called on this session") }
        let timer = clock.schedule(after: timeout) { [weak self] in self?.loadingTimedOut(after: timeout) }
        let stillLoading = state.withLock { state -> Bool in
            guard state.phase == .loading else { return false }
            state.loadingTimer = timer
            return true
        }
        if !stillLoading { timer.cancel() }
        var request = InstreamAdRequest(
            info: configuration.info, midpoints: configured, midpointConfiguration: configuration.midpoints,
            contentDuration: configuration.contentDuration,
            targeting: configuration.targeting.redacted(for: configuration.privacy), privacy: configuration.privacy,
            player: player, clock: clock)
        request.urlPolicy = configuration.urlPolicy
        customEvent.load(request, delegate: InstreamCustomEventRelay(session: self))
        return .accepted
    }

    /// Plays `section`; for ``InstreamAdSection/midroll`` pass one of ``midpoints``.
    ///
    /// Refused before load, while another section plays, and for a midpoint the loaded data has no ads for.
    @discardableResult
    public func start(_ section: InstreamAdSection, midpoint: Double? = nil) -> InstreamControlResult {
        let refusal = state.withLock { state -> String? in
            guard state.phase == .loaded else { return "no ad data is loaded" }
            if let playing = state.section { return "the \(playing.rawValue) section is still playing" }
            if section == .midroll {
                guard let midpoint else { return "a midroll needs a midpoint; available: \(state.midpoints)" }
                guard state.midpoints.contains(midpoint) else {
                    return "no midroll ads at \(midpoint) s; available: \(state.midpoints)"
                }
            }
            state.section = section
            state.sectionFailed = false
            state.banner = nil
            return nil
        }
        if let refusal { return .refused(reason: refusal) }
        customEvent.start(section, midpoint: section == .midroll ? midpoint : nil)
        return .accepted
    }

    /// Pauses the playing banner; refused when no section plays.
    @discardableResult
    public func pause() -> InstreamControlResult {
        guard currentSection != nil else { return .refused(reason: "no section is playing") }
        customEvent.pause()
        return .accepted
    }

    /// Resumes the paused banner; refused when no section plays.
    @discardableResult
    public func resume() -> InstreamControlResult {
        guard currentSection != nil else { return .refused(reason: "no section is playing") }
        customEvent.resume()
        return .accepted
    }

    /// Ends the playing section: the network is stopped, the open banner (if any) is reported
    /// ``InstreamAdEvent/bannerCompleted(_:)``, then ``InstreamAdEvent/sectionCompleted(_:)``.
    @discardableResult
    public func stop() -> InstreamControlResult {
        guard let ended = endSection() else { return .refused(reason: "no section is playing") }
        customEvent.stop()
        report(ended.events)
        return .accepted
    }

    /// The user ends the section (a Skip or Close button); refused when the playing banner does not allow it. Like
    /// ``stop()``, the open banner completes before the section.
    @discardableResult
    public func skip() -> InstreamControlResult {
        if let refusal = skipRefusal() { return .refused(reason: refusal) }
        guard let ended = endSection() else { return .refused(reason: "no section is playing") }
        customEvent.skip()
        report(ended.events)
        return .accepted
    }

    /// The user moves on to the next banner; refused when the playing banner does not allow skipping.
    @discardableResult
    public func skipBanner() -> InstreamControlResult {
        if let refusal = skipRefusal() { return .refused(reason: refusal) }
        customEvent.skipBanner()
        return .accepted
    }

    /// Sets the volume, clamped to 0…1 (not-a-number counts as 0), and passes it on.
    public func setVolume(_ volume: Double) {
        let clamped = volume.isNaN ? 0 : min(max(volume, 0), 1)
        state.withLock { $0.volume = clamped }
        customEvent.setVolume(clamped)
    }

    /// The user clicked the playing banner: the network counts it and the session opens its click URL.
    ///
    /// A banner without a click URL (myTarget's SDK keeps it to itself) is left to the network, which opens the
    /// destination and reports the modal events. A click URL the URL policy refuses never reached the host (it is
    /// dropped from ``InstreamAdEvent/bannerStarted(_:)``): the click still counts with the network, nothing is
    /// opened, and the result is refused with the reason. Refused when no banner plays.
    @discardableResult
    public func handleClick() -> InstreamControlResult {
        let (banner, refusedURL) = state.withLock { ($0.banner, $0.refusedClickURL) }
        guard let banner else { return .refused(reason: "no banner is playing") }
        if let refusedURL {
            customEvent.trackClick()
            return .refused(
                reason: "click URL \(refusedURL.absoluteString) is not http(s) or a declared app scheme"
                    + " (the click was counted, nothing was opened)")
        }
        guard let url = banner.clickURL else {
            customEvent.trackClick()
            return .accepted
        }
        customEvent.trackClick()
        urlOpener.open(url, observer: InstreamURLOpeningRelay(session: self))
        return .accepted
    }

    /// The host showed `companion`; its show trackers fire the first time only.
    public func handleCompanionShow(_ companion: InstreamCompanionBanner) {
        let first = state.withLock { $0.shownCompanions.insert(companion.identifier).inserted }
        guard first else { return }
        fireCompanionTrackers(companion.showTrackers, of: companion, event: .tracking)
        customEvent.trackCompanionShow(companion)
    }

    /// The user clicked `companion`: its click trackers fire and the network hears of it the first time only; its
    /// click URL opens each time the URL policy allows it. A companion without a click URL is left to the network
    /// (which opens it on the first click).
    @discardableResult
    public func handleCompanionClick(_ companion: InstreamCompanionBanner) -> InstreamControlResult {
        guard let url = companion.clickURL else {
            let first = state.withLock { $0.clickedCompanions.insert(companion.identifier).inserted }
            if first {
                fireCompanionTrackers(companion.clickTrackers, of: companion, event: .click)
                customEvent.trackCompanionClick(companion)
            }
            return .accepted
        }
        guard configuration.urlPolicy.isAllowedClickURL(url) else {
            return .refused(reason: "click URL \(url.absoluteString) is not http(s) or a declared app scheme")
        }
        let first = state.withLock { $0.clickedCompanions.insert(companion.identifier).inserted }
        if first {
            fireCompanionTrackers(companion.clickTrackers, of: companion, event: .click)
            customEvent.trackCompanionClick(companion)
        }
        urlOpener.open(url, observer: InstreamURLOpeningRelay(session: self))
        return .accepted
    }

    /// Fires a companion's trackers as journaled notices (show trackers as `tracking`, click trackers as
    /// `click`), owned by the banner playing and the companion, each URL as the custom event gives it at this
    /// moment (`companionTrackerURL(_:of:)`: a VAST event expands its macros).
    private func fireCompanionTrackers(_ urls: [URL], of companion: InstreamCompanionBanner, event: TrackerPingEvent) {
        let banner = state.withLock { $0.banner?.identifier } ?? "no-banner"
        for url in urls {
            trackerPinger.ping(
                TrackerPing(
                    url: customEvent.companionTrackerURL(url, of: companion), event: event,
                    owner: "instream/\(banner)/companion/\(companion.identifier)"))
        }
    }

    private func skipRefusal() -> String? {
        let (banner, startedAt) = state.withLock { ($0.banner, $0.bannerStartedAt) }
        guard let banner, let startedAt else { return "no banner is playing" }
        let elapsed = startedAt.duration(to: clock.now)
        return banner.skipRefusal(elapsed: elapsed.seconds)
    }

    /// Ends the playing section: the events to report (the open banner's completion, then the section's), or
    /// `nil` when no section plays.
    private func endSection() -> (section: InstreamAdSection, events: [InstreamAdEvent])? {
        state.withLock { state in
            guard let section = state.section else { return nil }
            var events: [InstreamAdEvent] = []
            if let open = state.banner { events.append(.bannerCompleted(open)) }
            events.append(.sectionCompleted(section))
            state.section = nil
            state.banner = nil
            state.bannerStartedAt = nil
            state.refusedClickURL = nil
            return (section, events)
        }
    }

    private func loadingTimedOut(after timeout: Duration) {
        let timedOut = state.withLock { state -> Bool in
            guard state.phase == .loading else { return false }
            state.phase = .noAd
            state.loadingTimer = nil
            return true
        }
        guard timedOut else { return }
        customEvent.cancel()
        report([.noAd(reason: "loading timed out after \(timeout.wholeMilliseconds) ms")])
    }

    func report(_ events: [InstreamAdEvent]) {
        guard !events.isEmpty else { return }
        let hasDelegate = state.withLock { state -> Bool in
            state.events.append(contentsOf: events)
            return state.delegate != nil
        }
        guard hasDelegate else { return }
        MainActorDelivery.enqueue { [self] in
            guard let delegate = self.delegate else { return }
            for event in events { delegate.instreamAdSession(self, didReport: event) }
        }
    }
}
