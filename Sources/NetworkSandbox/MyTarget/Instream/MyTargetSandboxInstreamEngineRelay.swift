import MediationBridge
import MediationSupport

/// Passes the simulated network's reports to the engine, held weakly, so that the network (which keeps its
/// delegate strongly, as the session's relay allows) and the engine form no retain cycle.
final class MyTargetSandboxInstreamEngineRelay: InstreamCustomEventDelegate {
    private struct Reference {
        weak var engine: MyTargetSandboxInstreamEngine?
    }

    private let reference: Locked<Reference>

    init(_ engine: MyTargetSandboxInstreamEngine) {
        reference = Locked(Reference(engine: engine))
    }

    private var engine: MyTargetSandboxInstreamEngine? { reference.withLock { $0.engine } }

    func customEventDidLoad(availableMidpoints: [Double]) {
        engine?.customEventDidLoad(availableMidpoints: availableMidpoints)
    }
    func customEventDidFailToLoad(reason: String) { engine?.customEventDidFailToLoad(reason: reason) }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) { engine?.customEventBannerDidStart(banner) }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        engine?.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { engine?.customEventBannerDidComplete(banner) }
    func customEventDidFail(reason: String) { engine?.customEventDidFail(reason: reason) }
    func customEventSectionDidComplete(_ section: InstreamAdSection) { engine?.customEventSectionDidComplete(section) }
    func customEventWillPresentModal() { engine?.customEventWillPresentModal() }
    func customEventDidDismissModal() { engine?.customEventDidDismissModal() }
    func customEventWillLeaveApplication() { engine?.customEventWillLeaveApplication() }
}
