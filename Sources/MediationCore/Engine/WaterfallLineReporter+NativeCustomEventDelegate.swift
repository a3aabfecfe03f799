/// A native line's reporter is its custom event's delegate, forwarding to the run for its own line.
extension WaterfallLineReporter: NativeCustomEventDelegate where Kind == NativeWaterfallKind {
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        loaded(ad)
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        failed(error)
    }
}
