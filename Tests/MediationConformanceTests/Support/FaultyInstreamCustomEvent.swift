import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// A correct in-stream adapter over a simulated network (``SimulatedInstreamCustomEvent`` standing in for an SDK),
/// into which tests plant ``InstreamFault``s one at a time; with no fault it is the control that passes strictly.
final class FaultyInstreamCustomEvent: InstreamCustomEvent {
    static let slotKey = "slotId"

    private struct State {
        var delegate: (any InstreamCustomEventDelegate)?
        var clock: MediationClock?
        var urlPolicy = MediationURLPolicy.default
        var section: InstreamAdSection?
        var banner: InstreamAdBanner?
        var failed = false
        var quiet = false
        var earlyStart: InstreamAdBanner?
    }

    /// Where ``InstreamFault/retainsNetwork`` keeps its networks.
    static let leakedNetworks = Locked<[SimulatedInstreamCustomEvent]>([])

    /// Lets go of `networks` once the kit has seen that they were kept (the other tests' stay kept).
    static func release(_ networks: [SimulatedInstreamCustomEvent]) {
        leakedNetworks.withLock { kept in kept.removeAll { network in networks.contains { $0 === network } } }
    }

    let network: SimulatedInstreamCustomEvent
    let faults: Set<InstreamFault>
    private let once = OnceOnlyRequest<any InstreamCustomEventDelegate, Bool>()
    private let state = Locked(State())

    init(network: SimulatedInstreamCustomEvent, faults: Set<InstreamFault>) {
        self.network = network
        self.faults = faults
        if faults.contains(.retainsNetwork) { Self.leakedNetworks.withLock { $0.append(network) } }
    }

    func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        guard once.begin(delegate: delegate) else { return }
        if request.adMarkup != nil {
            _ = once.stop()
            delegate.customEventDidFailToLoad(error: .invalidBidMarkup(path: "adm", reason: "no bid markup load"))
            return
        }
        if !faults.contains(.ignoresRequiredInfo) {
            guard case .string(let slot)? = request.info.values[Self.slotKey], !slot.isEmpty else {
                once.failLoading(reason: "\(Self.slotKey) is missing")
                return
            }
        }
        state.withLock {
            $0.delegate = delegate
            $0.clock = request.clock
            $0.urlPolicy = request.urlPolicy
        }
        network.load(request, delegate: FaultyInstreamNetworkRelay(self))
    }

    func cancel() {
        if faults.contains(.lateLoadAfterTimeout) { return }
        if !faults.contains(.trustsNetworkCancel) { once.stop() }
        network.cancel()
    }

    func start(_ section: InstreamAdSection, midpoint: Double?) {
        var early = faults.contains(.startsBeforePlayer) ? network.script.sections[section]?.first?.banner : nil
        if let url = early?.clickURL, !state.withLock({ $0.urlPolicy }).isAllowedClickURL(url) { early?.clickURL = nil }
        state.withLock {
            $0.section = section
            $0.failed = false
            $0.quiet = false
            $0.earlyStart = early
        }
        if let early { eventDelegate?.customEventBannerDidStart(early) }
        network.start(section, midpoint: faults.contains(.dropsMidpoint) ? nil : midpoint)
    }

    func pause() { network.pause() }
    func resume() { network.resume() }
    func stop() { endSection(leavingPlayer: faults.contains(.leavesPlayerRunning)) { $0.stop() } }
    func skip() { endSection { $0.skip() } }
    func skipBanner() {
        if faults.contains(.completesSkippedBannerTwice), let banner = state.withLock({ $0.banner }) {
            eventDelegate?.customEventBannerDidComplete(banner)
        }
        network.skipBanner()
    }
    func setVolume(_ volume: Double) { network.setVolume(volume) }
    func trackClick() { network.trackClick() }

    func trackCompanionShow(_ companion: InstreamCompanionBanner) {
        network.trackCompanionShow(companion)
        if faults.contains(.companionTrackersTwice) { network.trackCompanionShow(companion) }
    }

    func trackCompanionClick(_ companion: InstreamCompanionBanner) {
        network.trackCompanionClick(companion)
        if faults.contains(.companionTrackersTwice) { network.trackCompanionClick(companion) }
    }

    private func endSection(leavingPlayer: Bool = false, _ call: (SimulatedInstreamCustomEvent) -> Void) {
        let (section, banner, delegate, clock) = state.withLock { state in
            defer {
                state.section = nil
                state.banner = nil
            }
            return (state.section, state.banner, state.delegate, state.clock)
        }
        if leavingPlayer {
            state.withLock { $0.quiet = true }
        } else {
            call(network)
        }
        guard let section, let delegate else { return }
        if faults.contains(.reportsInsideStop) {
            if let banner { delegate.customEventBannerDidComplete(banner) }
            delegate.customEventSectionDidComplete(section)
        }
        if faults.contains(.eventsAfterStop), let clock {
            clock.schedule(after: .seconds(1)) { delegate.customEventSectionDidComplete(section) }
        }
    }

    /// The faults that report the load outcome around the once-only guard.
    static let unguarded: Set<InstreamFault> = [
        .trustsNetworkCancel, .lateLoadAfterTimeout, .loadsTwice, .noAdThenLoad,
    ]

    /// The delegate for what follows the load: through the once-only guard, or (a fault around it) directly.
    private var eventDelegate: (any InstreamCustomEventDelegate)? {
        if state.withLock({ $0.quiet }) { return nil }
        return faults.isDisjoint(with: Self.unguarded) ? once.eventDelegate : state.withLock { $0.delegate }
    }

    // MARK: The network's reports

    func networkDidLoad(midpoints: [Double]) {
        let reported = faults.contains(.reportsNoMidpoints) ? [] : midpoints
        let delegate = state.withLock { $0.delegate }
        // Only the two cancel faults ignore the cancel; the others report twice but stay silent after it.
        let ignoresCancel = faults.contains(.trustsNetworkCancel) || faults.contains(.lateLoadAfterTimeout)
        if !ignoresCancel, once.phase == .stopped { return }
        if faults.contains(.loadsTwice) {
            delegate?.customEventDidLoad(availableMidpoints: reported)
            delegate?.customEventDidLoad(availableMidpoints: reported)
        } else if faults.contains(.noAdThenLoad) {
            delegate?.customEventDidFailToLoad(reason: "no ad")
            delegate?.customEventDidLoad(availableMidpoints: reported)
        } else if faults.contains(.trustsNetworkCancel) || faults.contains(.lateLoadAfterTimeout) {
            delegate?.customEventDidLoad(availableMidpoints: reported)
        } else if faults.contains(.outcomeOnMainQueue) {
            DispatchQueue.main.async { [once] in once.finishLoading(availableMidpoints: reported) }
        } else {
            once.finishLoading(availableMidpoints: reported)
        }
    }

    func networkDidFailToLoad(reason: String) {
        let reason = faults.contains(.replacesNetworkError) ? "no ad" : reason
        if faults.contains(.trustsNetworkCancel) || faults.contains(.lateLoadAfterTimeout) {
            state.withLock { $0.delegate }?.customEventDidFailToLoad(reason: reason)
        } else if faults.contains(.outcomeOnMainQueue) {
            DispatchQueue.main.async { [once] in once.failLoading(reason: reason) }
        } else {
            once.failLoading(reason: reason)
        }
    }

    func networkBannerDidStart(_ reported: InstreamAdBanner) {
        var banner = reported
        let (policy, early) = state.withLock { state in
            defer { state.earlyStart = nil }
            return (state.urlPolicy, state.earlyStart)
        }
        if faults.contains(.ignoresSkipOffset) {
            banner.allowCloseDelay = 0
            banner.allowSkip = false
        }
        if faults.contains(.dropsCompanions) { banner.companionBanners = [] }
        if early?.identifier == banner.identifier {
            state.withLock { $0.banner = banner }
            return
        }
        if !faults.contains(.forwardsRefusedClickURL), let url = banner.clickURL, !policy.isAllowedClickURL(url) {
            banner.clickURL = nil
        }
        state.withLock { $0.banner = banner }
        eventDelegate?.customEventBannerDidStart(banner)
        if faults.contains(.bannerStartedTwice) { eventDelegate?.customEventBannerDidStart(banner) }
    }

    func networkBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        eventDelegate?.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }

    func networkBannerDidComplete(_ reported: InstreamAdBanner) {
        let banner = state.withLock { state -> InstreamAdBanner in
            defer { state.banner = nil }
            return state.banner ?? reported
        }
        eventDelegate?.customEventBannerDidComplete(banner)
    }

    func networkDidFail(reason: String) {
        state.withLock { $0.failed = true }
        eventDelegate?.customEventDidFail(reason: reason)
    }

    func networkSectionDidComplete(_ section: InstreamAdSection) {
        let failed = state.withLock { state -> Bool in
            state.section = nil
            return state.failed
        }
        if failed && faults.contains(.noSectionCompleteAfterError) { return }
        eventDelegate?.customEventSectionDidComplete(section)
    }

    func networkModal(_ report: (any InstreamCustomEventDelegate) -> Void) {
        if let delegate = eventDelegate { report(delegate) }
    }
}

/// The network's delegate: passes its reports to the adapter, held weakly so that the network never keeps the
/// adapter alive.
final class FaultyInstreamNetworkRelay: InstreamCustomEventDelegate {
    private struct Reference {
        weak var adapter: FaultyInstreamCustomEvent?
    }

    private let reference: Locked<Reference>

    init(_ adapter: FaultyInstreamCustomEvent) {
        reference = Locked(Reference(adapter: adapter))
    }

    private var adapter: FaultyInstreamCustomEvent? { reference.withLock { $0.adapter } }

    func customEventDidLoad(availableMidpoints: [Double]) { adapter?.networkDidLoad(midpoints: availableMidpoints) }
    func customEventDidFailToLoad(reason: String) { adapter?.networkDidFailToLoad(reason: reason) }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) { adapter?.networkBannerDidStart(banner) }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        adapter?.networkBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { adapter?.networkBannerDidComplete(banner) }
    func customEventDidFail(reason: String) { adapter?.networkDidFail(reason: reason) }
    func customEventSectionDidComplete(_ section: InstreamAdSection) { adapter?.networkSectionDidComplete(section) }
    func customEventWillPresentModal() { adapter?.networkModal { $0.customEventWillPresentModal() } }
    func customEventDidDismissModal() { adapter?.networkModal { $0.customEventDidDismissModal() } }
    func customEventWillLeaveApplication() { adapter?.networkModal { $0.customEventWillLeaveApplication() } }
}
