/// The delegate one native line's custom event reports to: one per line and per request, it only forwards to
/// the line's ``WaterfallLineReporter``.
final class WaterfallLineDelegate: NativeCustomEventDelegate {
    private let reporter: WaterfallLineReporter<NativeAd>

    init(reporter: WaterfallLineReporter<NativeAd>) {
        self.reporter = reporter
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        reporter.loaded(ad)
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        reporter.failed(error)
    }
}
