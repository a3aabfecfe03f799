/// The delegate one line's custom event reports to.
///
/// One per line and per request: it only forwards, with the line's index, to the run. The run's machine
/// counts the callbacks, so the first outcome while the line still listens is the only one that counts;
/// a second is recorded as `duplicate_callback`, one after the line's timeout, its stop or the run's end as
/// `late_callback`, and neither reaches the host.
final class WaterfallLineDelegate: NativeCustomEventDelegate {
    private let driver: WaterfallRunDriver
    private let line: Int

    init(driver: WaterfallRunDriver, line: Int) {
        self.driver = driver
        self.line = line
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        driver.report(line: line, loaded: ad)
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        driver.report(line: line, failedWith: error)
    }
}
