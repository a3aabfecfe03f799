import MediationCore

/// Records what a custom event reports, as short strings (`load`, `start:ID`, `left`, `complete:ID`, `error`,
/// `section:NAME`, …), with the loaded midpoints and the banners as reported, for the in-stream checks.
final class InstreamEventRecorder: InstreamCustomEventDelegate {
    private struct Record {
        var events: [String] = []
        var midpoints: [[Double]] = []
        var banners: [InstreamAdBanner] = []
    }

    private let recorded = Locked(Record())

    var events: [String] { recorded.current.events }
    /// The midpoints of every `load`, in order.
    var loadedMidpoints: [[Double]] { recorded.current.midpoints }
    /// Every banner reported started, as reported.
    var startedBanners: [InstreamAdBanner] { recorded.current.banners }

    private func add(_ event: String) { recorded.withLock { $0.events.append(event) } }

    func customEventDidLoad(availableMidpoints: [Double]) {
        recorded.withLock {
            $0.events.append("load")
            $0.midpoints.append(availableMidpoints)
        }
    }
    func customEventDidFailToLoad(reason: String) { add("noAd") }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) {
        recorded.withLock {
            $0.events.append("start:\(banner.identifier)")
            $0.banners.append(banner)
        }
    }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) { add("left") }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { add("complete:\(banner.identifier)") }
    func customEventDidFail(reason: String) { add("error") }
    func customEventSectionDidComplete(_ section: InstreamAdSection) { add("section:\(section.rawValue)") }
    func customEventWillPresentModal() { add("modal") }
    func customEventDidDismissModal() { add("dismiss") }
    func customEventWillLeaveApplication() { add("leave") }
}
