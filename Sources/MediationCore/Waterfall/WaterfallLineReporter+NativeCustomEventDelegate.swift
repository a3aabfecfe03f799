/// A native line's reporter is its custom event's delegate: one object per line, forwarding to the run.
extension WaterfallLineReporter: NativeCustomEventDelegate where Loaded == NativeAd {
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        loaded(ad)
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        failed(error)
    }
}
