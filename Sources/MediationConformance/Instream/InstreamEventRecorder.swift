import MediationCore

/// Records what a custom event reports, as short strings (`load`, `start:ID`, `left`, `complete:ID`, `error`,
/// `section:NAME`, …), for the in-stream checks.
final class InstreamEventRecorder: InstreamCustomEventDelegate {
    private let recorded = Locked<[String]>([])

    var events: [String] { recorded.current }

    private func add(_ event: String) { recorded.withLock { $0.append(event) } }

    func customEventDidLoad(availableMidpoints: [Double]) { add("load") }
    func customEventDidFailToLoad(reason: String) { add("noAd") }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) { add("start:\(banner.identifier)") }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) { add("left") }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { add("complete:\(banner.identifier)") }
    func customEventDidFail(reason: String) { add("error") }
    func customEventSectionDidComplete(_ section: InstreamAdSection) { add("section:\(section.rawValue)") }
    func customEventWillPresentModal() { add("modal") }
    func customEventDidDismissModal() { add("dismiss") }
    func customEventWillLeaveApplication() { add("leave") }
}
