import Foundation
import MediationBridge
import MediationSupport

/// The built-in in-stream custom event for any VAST tag or VAST bid: server name `VASTInstreamCustomEvent`.
///
/// A line names a tag URL in its info (``tagURLInfoKey``, `vastTagURL`), or carries VAST markup as its bid's
/// `adm` (`InstreamAdRequest.adMarkup`; the markup wins when both are given). The tag URL is a template: its VAST
/// macros (`[CACHEBUSTING]`, `[TIMESTAMP]`, `[APPBUNDLE]`, `[PLAYERSIZE]`, the privacy and device macros) and its
/// ``VASTMacroExpander/tagPlaceholders`` (`{GDPR}`, `{GDPR_CONSENT}`, `{US_PRIVACY}`, …) are expanded and encoded
/// once per load from the request's `PrivacySettings` and the event's ``client`` data, exactly as the privacy
/// matrix allows (docs/privacy.md); each wrapper's `VASTAdTagURI` is expanded the same way when it is fetched, and
/// ``sentRequests`` holds every URL as sent (reported to the delegate before the outcome, so that a mediated run's
/// trace lists them). The tag is fetched at load, before any break: its `[BREAKPOSITION]`
/// and `[CONTENTPLAYHEAD]` are `-1`. Loading fetches the tag through the
/// ``VASTDocumentLoading`` it was made with (`HTTPVASTDocumentLoader` in production), follows the wrappers with
/// ``VASTWrapperResolver`` and keeps each resolved ad that has a linear creative with a media file the player plays
/// (``VASTMediaSelector`` over the ``VASTPlayerCapabilities``). The first section the host starts plays them, pod
/// ads in sequence order (a stand-alone ad when the document has no pod); later sections end at once.
///
/// Playback through the request's `InstreamAdPlayer`: one banner per ad; `loaded`, the impressions,
/// `creativeView` and `start` when the player starts; the quartiles and each `progress` offset when the player's
/// time crosses them (``timeLeftInterval`` apart at most, and at each due time exactly); `complete` when the media
/// ends; `pause`, `resume`, `mute`, `unmute` and `skip` on the host's calls; `ClickTracking` on a click (the session
/// opens the `ClickThrough` through its `InstreamURLOpening`). Companions reach the host as the banner's
/// `InstreamCompanionBanner`s, whose trackers the session fires. Every URL fires at most once per
/// ad, through the `TrackerPinging` the event was made with, with the VAST macros expanded (`[BREAKPOSITION]` and
/// `[CONTENTPLAYHEAD]` from the section started and its midpoint, `[GDPRCONSENT]` and the other privacy and device
/// macros as for the tag), as a journaled kind: `impression`, `click`,
/// `tracking` for every tracking event, `error` for Error URLs, so that the durable pinger keeps each across a kill
/// until it is delivered.
/// `Error` URLs fire with `[ERRORCODE]`: the wrapper chain's code when a chain fails, 101 for an InLine ad without
/// any creative, 201 for an ad without a linear creative, 403 when no media file plays, 405 when the player fails.
///
/// Markup that is not VAST fails the load with `MediationError.invalidBidMarkup(path:reason:)`
/// at `adm` (an auction reports the bid lost with reason 3); a line with neither markup nor a tag fails with
/// `MediationError.missingRequiredInfo(key:)`.
public final class VASTInstreamCustomEvent: InstreamCustomEvent, InstreamAdPlayerDelegate {
    /// The server name of the custom event, for waterfall lines and `MediationRegistry`.
    public static let identifier = "VASTInstreamCustomEvent"
    /// The info key holding the VAST tag URL (an absolute http(s) URL).
    public static let tagURLInfoKey = "vastTagURL"

    struct Playing {
        var ad: VASTPlayableAd
        var started = false
        /// Indexes into the linear's trackers that fired.
        var firedTrackers: Set<Int> = []
        /// Other URL groups that fired (impressions, clicks, errors).
        var firedGroups: Set<String> = []
        var ticker: ScheduledAction?
        var paused = false
    }

    struct State {
        var request: InstreamAdRequest?
        var delegate: (any InstreamCustomEventDelegate)?
        var silenced = false
        var loadTask: Task<Void, Never>?
        var loadFinished = false
        var loadFailure: String?
        var sentRequests: [URL] = []
        var loadWaiters: [CheckedContinuation<Void, Never>] = []
        var ads: [VASTPlayableAd] = []
        var played = false
        var section: InstreamAdSection?
        var queue: [VASTPlayableAd] = []
        var playing: Playing?
        var volume: Double = 1
        /// `[BREAKPOSITION]` of the section playing (nil before a section starts: `-1`).
        var breakPosition: Int?
        /// `[CONTENTPLAYHEAD]`/`[MEDIAPLAYHEAD]`: the content's position when the section started.
        var contentPlayhead: Duration?
    }

    let loader: any VASTDocumentLoading
    let trackerPinger: any TrackerPinging
    /// What the host's player plays; media files are chosen for it.
    public let capabilities: VASTPlayerCapabilities
    /// The wrapper chain's bounds.
    public let policy: VASTResolutionPolicy
    /// The longest time between two checks of the player's time while an ad plays.
    public let timeLeftInterval: Duration
    /// The app and device data of the client macros (`[APPBUNDLE]`, `[IFA]`, `[DEVICEUA]`, …), sent as each
    /// request's privacy allows.
    public let client: VASTClientInfo
    /// Names the pings of this event's ads (`vast/<token>/ad<n>`), so that the pinger fires each URL once.
    let pingToken = UUID().uuidString
    let state = Locked(State())

    /// Creates the custom event.
    ///
    /// - Parameters:
    ///   - loader: fetches the tag and its wrappers (`HTTPVASTDocumentLoader` from `MediationVASTNetworking`).
    ///   - trackerPinger: fires every tracking, impression, click and error URL (the durable pinger in production).
    ///   - capabilities: what the host's player plays.
    ///   - policy: the wrapper chain's bounds.
    ///   - timeLeftInterval: the longest time between two checks of the player's time (quartiles are checked at
    ///     their due time too); at least 10 ms.
    ///   - client: the app and device data of the client macros; ``VASTClientInfo/none`` leaves them `-1`.
    public init(
        loader: any VASTDocumentLoading, trackerPinger: any TrackerPinging,
        capabilities: VASTPlayerCapabilities = .standard, policy: VASTResolutionPolicy = .standard,
        timeLeftInterval: Duration = .milliseconds(250), client: VASTClientInfo = .none
    ) {
        self.client = client
        self.loader = loader
        self.trackerPinger = trackerPinger
        self.capabilities = capabilities
        self.policy = policy
        self.timeLeftInterval = max(timeLeftInterval, .milliseconds(10))
    }

    /// `true`: a video bid's VAST markup loads like a tag.
    public var supportsBidding: Bool { true }

    /// The banners of the ads the load kept, in play order (empty before the load succeeds).
    public var loadedBanners: [InstreamAdBanner] { state.withLock { $0.ads.map(\.banner) } }

    /// Why the load reported no ad (every VAST error code it met, or the markup's or the info's problem); `nil`
    /// while loading and after a load that succeeded. A waterfall traces such a line as `no_fill` only.
    public var loadFailureReason: String? { state.withLock { $0.loadFailure } }

    /// Every URL the load fetched, as sent (macros expanded and encoded): the tag, then each wrapper's
    /// `VASTAdTagURI`; empty for bid markup without wrappers.
    public var sentRequests: [URL] { state.withLock { $0.sentRequests } }

    /// The chosen media file of each ad the load kept, in play order (parallel to ``loadedBanners``).
    public var loadedMediaURLs: [URL] { state.withLock { $0.ads.map(\.mediaURL) } }

    /// Returns once the load has reported its outcome or was cancelled; at once when it has. For hosts that drive
    /// a manual clock (the demo, tests) and must not advance it before the tag's fetches end.
    public func waitUntilLoadFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let finished = state.withLock { state -> Bool in
                if state.loadFinished { return true }
                state.loadWaiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }

    /// Reads the markup or the tag URL, resolves the wrappers and reports the outcome once.
    public func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        state.withLock { state in
            state.request = request
            state.delegate = delegate
        }
        let resolver = VASTWrapperResolver(loader: loader, policy: policy) { [weak self] in
            self?.macroValues(for: nil) ?? VASTMacroValues()
        }
        if let markup = request.adMarkup, !markup.allSatisfy(\.isWhitespace) {
            let document: VASTDocument
            do {
                document = try VASTParser(limits: policy.parseLimits).parse(Data(markup.utf8))
            } catch {
                let path = error.path.map { "adm \($0)" } ?? "adm"
                failLoad(.invalidBidMarkup(path: path, reason: "VAST \(error.code.rawValue): \(error.message)"))
                return
            }
            startLoad { await resolver.resolve(document) }
            return
        }
        guard case .string(let text)? = request.info[Self.tagURLInfoKey] else {
            failLoad(.missingRequiredInfo(key: Self.tagURLInfoKey))
            return
        }
        let template = text.trimmingCharacters(in: .whitespaces)
        let expanded = VASTMacroExpander.expandTemplate(template, with: macroValues(for: nil))
        guard let url = URL(string: expanded.percentEncodedForVASTURL),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else {
            failLoad(
                .invalidConfiguration(
                    path: Self.tagURLInfoKey,
                    reason: "expected an absolute http(s) URL (after its macros are expanded), got \(text)"))
            return
        }
        startLoad { await resolver.resolve(tagURL: url) }
    }

    /// Stops loading and reports nothing more.
    public func cancel() {
        let (task, waiters) = state.withLock { state in
            state.silenced = true
            state.loadFinished = true
            defer { state.loadWaiters = [] }
            return (state.loadTask, state.loadWaiters)
        }
        task?.cancel()
        for waiter in waiters { waiter.resume() }
    }

    private func startLoad(_ resolve: @escaping @Sendable () async -> VASTResolution) {
        let task = Task { [weak self] in
            let resolution = await resolve()
            self?.finishLoad(resolution)
        }
        state.withLock { $0.loadTask = task }
    }

    private func failLoad(_ error: MediationError) {
        state.withLock { $0.loadFailure = error.localizedDescription }
        send { $0.customEventDidFailToLoad(error: error) }
        markLoadFinished()
    }

    private func markLoadFinished() {
        let waiters = state.withLock { state in
            state.loadFinished = true
            defer { state.loadWaiters = [] }
            return state.loadWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Fires the failed chains' Error URLs, keeps the playable ads (firing 101, 201 or 403 for the others) and reports
    /// the outcome.
    func finishLoad(_ resolution: VASTResolution) {
        guard let request = state.withLock({ $0.silenced ? nil : $0.request }) else {
            markLoadFinished()
            return
        }
        state.withLock { $0.sentRequests = resolution.requests }
        if !resolution.requests.isEmpty { send { $0.customEventDidSendRequests(resolution.requests) } }
        for (offset, failure) in resolution.failures.enumerated() {
            fireErrors(failure.errorURLs, code: failure.error.code, owner: "failure\(offset)", asset: nil)
        }
        var ads: [VASTPlayableAd] = []
        var refusals: [String] = resolution.failures.map { "\($0.error.code.rawValue) \($0.error.message)" }
        for resolved in resolution.ads {
            switch VASTPlayableAd.make(
                resolved, index: ads.count, capabilities: capabilities, urlPolicy: request.urlPolicy)
            {
            case .success(let ad):
                ads.append(ad)
            case .failure(let error):
                fireErrors(resolved.ad.errorURLs, code: error.code, owner: "refused-\(resolved.ad.path)", asset: nil)
                refusals.append("\(error.code.rawValue) \(error.message) (\(resolved.ad.id ?? resolved.ad.path))")
            }
        }
        if ads.isEmpty {
            let summary = refusals.isEmpty ? "the VAST response has no ad" : refusals.joined(separator: "; ")
            state.withLock { $0.loadFailure = "VAST: no playable ad: \(summary)" }
            send { $0.customEventDidFailToLoad(reason: "VAST: no playable ad: \(summary)") }
        } else {
            state.withLock { $0.ads = ads }
            let midpoints = request.midpoints ?? []
            send { $0.customEventDidLoad(availableMidpoints: midpoints) }
        }
        markLoadFinished()
    }

    /// Plays the loaded ads if no section played them yet; otherwise the section ends at once.
    public func start(_ section: InstreamAdSection, midpoint: Double?) {
        let queue = state.withLock { state -> [VASTPlayableAd] in
            state.section = section
            state.breakPosition = Self.breakPosition(of: section)
            state.contentPlayhead = Self.contentPlayhead(
                of: section, midpoint: midpoint, contentDuration: state.request?.contentDuration ?? 0)
            guard !state.played else { return [] }
            state.played = true
            state.queue = state.ads
            return state.ads
        }
        if queue.isEmpty {
            state.withLock { $0.section = nil }
            send { $0.customEventSectionDidComplete(section) }
            return
        }
        playNext()
    }

    /// Pauses the player; the ad's `pause` trackers fire.
    public func pause() {
        let paused = state.withLock { state -> Bool in
            guard state.playing?.started == true, state.playing?.paused == false else { return false }
            state.playing?.paused = true
            state.playing?.ticker?.cancel()
            state.playing?.ticker = nil
            return true
        }
        guard paused else { return }
        player?.pause()
        fire(event: .pause)
    }

    /// Resumes the player; the ad's `resume` trackers fire.
    public func resume() {
        let resumed = state.withLock { state -> Bool in
            guard state.playing?.paused == true else { return false }
            state.playing?.paused = false
            return true
        }
        guard resumed else { return }
        player?.resume()
        fire(event: .resume)
        scheduleTick()
    }

    /// Stops the player and reports nothing more for the section.
    public func stop() {
        endSection(firing: nil)
    }

    /// The user ends the section: the ad's `skip` trackers fire, the player stops.
    public func skip() {
        endSection(firing: .skip)
    }

    /// The user moves on: the ad's `skip` trackers fire, its banner completes and the next ad plays.
    public func skipBanner() {
        fire(event: .skip)
        let banner = state.withLock { state -> InstreamAdBanner? in
            state.playing?.ticker?.cancel()
            defer { state.playing = nil }
            return state.playing?.ad.banner
        }
        guard let banner else { return }
        player?.playerDelegate = nil
        player?.stop()
        send { $0.customEventBannerDidComplete(banner) }
        playNext()
    }

    /// Sets the player's volume; `mute` fires when it drops to 0, `unmute` when it rises from 0.
    public func setVolume(_ volume: Double) {
        let previous = state.withLock { state -> Double in
            defer { state.volume = volume }
            return state.volume
        }
        player?.volume = volume
        if previous > 0 && volume == 0 { fire(event: .mute) }
        if previous == 0 && volume > 0 { fire(event: .unmute) }
    }

    /// Fires the playing ad's `ClickTracking` URLs (the session opens the `ClickThrough`).
    public func trackClick() {
        guard let playing = state.withLock({ $0.playing }) else { return }
        fireGroup("click", urls: playing.ad.linear.videoClicks.clickTracking, event: .click)
    }

    /// `[BREAKPOSITION]` for `section`: 1 preroll, 2 midroll, 3 postroll, 4 (stand-alone: not placed on the
    /// content's timeline) for a pauseroll.
    static func breakPosition(of section: InstreamAdSection) -> Int {
        switch section {
        case .preroll: 1
        case .midroll: 2
        case .postroll: 3
        case .pauseroll: 4
        }
    }

    /// `[CONTENTPLAYHEAD]` for a break in `section`: 0 before the content, the midpoint for a midroll, the
    /// content's duration after it (when known); `nil` (`-1`) for a pauseroll, whose position the session does
    /// not know.
    static func contentPlayhead(
        of section: InstreamAdSection, midpoint: Double?, contentDuration: TimeInterval
    ) -> Duration? {
        switch section {
        case .preroll: .zero
        case .midroll: midpoint.flatMap { $0 >= 0 && $0.isFinite ? .seconds($0) : nil }
        case .postroll: contentDuration > 0 && contentDuration.isFinite ? .seconds(contentDuration) : nil
        case .pauseroll: nil
        }
    }

    /// Nothing to do: the session fires the companion's show trackers.
    public func trackCompanionShow(_ companion: InstreamCompanionBanner) {}

    /// Nothing to do: the session fires the companion's click trackers and opens its click-through.
    public func trackCompanionClick(_ companion: InstreamCompanionBanner) {}

    // MARK: Reporting

    var player: (any InstreamAdPlayer)? { state.withLock { $0.request?.player } }

    func send(_ report: (any InstreamCustomEventDelegate) -> Void) {
        guard let delegate = state.withLock({ $0.silenced ? nil : $0.delegate }) else { return }
        report(delegate)
    }

    /// Plays the next ad of the section, or reports the section complete when none is left.
    func playNext() {
        let next = state.withLock { state -> (VASTPlayableAd?, InstreamAdSection?) in
            guard let section = state.section else { return (nil, nil) }
            guard !state.queue.isEmpty else {
                state.section = nil
                return (nil, section)
            }
            let ad = state.queue.removeFirst()
            state.playing = Playing(ad: ad)
            return (ad, nil)
        }
        if let ad = next.0, let player {
            player.playerDelegate = self
            player.play(url: ad.mediaURL)
        } else if let finished = next.1 {
            send { $0.customEventSectionDidComplete(finished) }
        }
    }

    private func endSection(firing event: VASTTrackingEventName?) {
        if let event { fire(event: event) }
        let wasPlaying = state.withLock { state -> Bool in
            state.playing?.ticker?.cancel()
            defer {
                state.playing = nil
                state.queue = []
                state.section = nil
            }
            return state.playing != nil
        }
        guard wasPlaying else { return }
        player?.playerDelegate = nil
        player?.stop()
    }
}
