import Foundation
import MediationSupport

extension InstreamAdSession {
    func networkDidLoad(availableMidpoints: [Double]) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.phase == .loading else { return [] }
            state.phase = .loaded
            state.loadingTimer?.cancel()
            state.loadingTimer = nil
            let available = Set(availableMidpoints.filter { $0.isFinite && $0 >= 0 })
            if let configured = state.configuredMidpoints {
                state.midpoints = configured.filter { available.contains($0) }
            } else {
                state.midpoints = available.sorted()
            }
            return [.loaded(midpoints: state.midpoints)]
        }
        report(events)
    }

    func networkDidFailToLoad(reason: String) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.phase == .loading else { return [] }
            state.phase = .noAd
            state.loadingTimer?.cancel()
            state.loadingTimer = nil
            return [.noAd(reason: reason)]
        }
        report(events)
    }

    func networkBannerDidStart(_ reported: InstreamAdBanner) {
        let now = clock.now
        var banner = reported
        var refusedURL: URL?
        if let url = banner.clickURL, !configuration.urlPolicy.isAllowedClickURL(url) {
            refusedURL = url
            banner.clickURL = nil
        }
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.section != nil, !state.sectionFailed else { return [] }
            var events: [InstreamAdEvent] = []
            if let open = state.banner, open.identifier != banner.identifier {
                events.append(.bannerCompleted(open))
            } else if state.banner != nil {
                return []
            }
            state.banner = banner
            state.bannerStartedAt = now
            state.refusedClickURL = refusedURL
            events.append(.bannerStarted(banner))
            return events
        }
        report(events)
    }

    /// Revenue counts only for a banner that is playing (reported after its start, before its end).
    func networkDidRecordRevenue(_ revenue: AdRevenue) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.section != nil, state.banner != nil, !state.sectionFailed else { return [] }
            return [.revenueRecorded(revenue)]
        }
        report(events)
    }

    func networkBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.section != nil, state.banner != nil, !state.sectionFailed else { return [] }
            return [.timeLeftChanged(timeLeft: max(timeLeft, 0), duration: duration)]
        }
        report(events)
    }

    func networkBannerDidComplete(_ banner: InstreamAdBanner) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.section != nil, let open = state.banner, open.identifier == banner.identifier else {
                return []
            }
            state.banner = nil
            state.bannerStartedAt = nil
            state.refusedClickURL = nil
            return [.bannerCompleted(open)]
        }
        report(events)
    }

    func networkDidFail(reason: String) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard state.section != nil, !state.sectionFailed else { return [] }
            state.sectionFailed = true
            state.banner = nil
            state.bannerStartedAt = nil
            return [.error(reason: reason)]
        }
        report(events)
    }

    func networkSectionDidComplete(_ section: InstreamAdSection) {
        let events = state.withLock { state -> [InstreamAdEvent] in
            guard let playing = state.section, playing == section else { return [] }
            var events: [InstreamAdEvent] = []
            if let open = state.banner { events.append(.bannerCompleted(open)) }
            state.section = nil
            state.banner = nil
            state.bannerStartedAt = nil
            events.append(.sectionCompleted(playing))
            return events
        }
        report(events)
    }

    func networkModalEvent(_ event: InstreamAdEvent) {
        let loaded = state.withLock { $0.phase == .loaded }
        guard loaded else { return }
        report([event])
    }
}

/// Passes a custom event's reports to its session, held weakly so that the network never keeps a session alive.
final class InstreamCustomEventRelay: InstreamCustomEventDelegate {
    private struct Reference {
        weak var session: InstreamAdSession?
    }

    private let reference: Locked<Reference>

    init(session: InstreamAdSession) {
        reference = Locked(Reference(session: session))
    }

    private var session: InstreamAdSession? { reference.withLock { $0.session } }

    func customEventDidLoad(availableMidpoints: [Double]) {
        session?.networkDidLoad(availableMidpoints: availableMidpoints)
    }

    func customEventDidFailToLoad(reason: String) { session?.networkDidFailToLoad(reason: reason) }

    func customEventBannerDidStart(_ banner: InstreamAdBanner) { session?.networkBannerDidStart(banner) }

    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        session?.networkBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }

    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { session?.networkBannerDidComplete(banner) }

    func customEventDidFail(reason: String) { session?.networkDidFail(reason: reason) }

    func customEventSectionDidComplete(_ section: InstreamAdSection) { session?.networkSectionDidComplete(section) }

    func customEventWillPresentModal() { session?.networkModalEvent(.willPresentModal) }

    func customEventDidDismissModal() { session?.networkModalEvent(.didDismissModal) }

    func customEventWillLeaveApplication() { session?.networkModalEvent(.willLeaveApplication) }

    func customEventDidRecordRevenue(_ revenue: AdRevenue) { session?.networkDidRecordRevenue(revenue) }
}

/// Passes a URL opener's reports to its session, held weakly.
final class InstreamURLOpeningRelay: InstreamURLOpeningObserver {
    private struct Reference {
        weak var session: InstreamAdSession?
    }

    private let reference: Locked<Reference>

    init(session: InstreamAdSession) {
        reference = Locked(Reference(session: session))
    }

    private var session: InstreamAdSession? { reference.withLock { $0.session } }

    func willPresentModal() { session?.networkModalEvent(.willPresentModal) }

    func didDismissModal() { session?.networkModalEvent(.didDismissModal) }

    func willLeaveApplication() { session?.networkModalEvent(.willLeaveApplication) }
}
