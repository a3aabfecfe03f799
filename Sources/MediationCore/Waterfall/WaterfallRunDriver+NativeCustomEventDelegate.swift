/// A native run is the delegate every line shares (``WaterfallLineReporting/run(_:line:)``): an outcome counts
/// for the line whose custom event it names, so a late answer, even one sent through a delegate kept weakly, is
/// recorded on its own line and never credited to another.
extension WaterfallRunDriver: NativeCustomEventDelegate where Kind == NativeWaterfallKind {
    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        report(from: ObjectIdentifier(customEvent), customEvent: customEvent.identifier, .success(ad))
    }

    func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        report(from: ObjectIdentifier(customEvent), customEvent: customEvent.identifier, .failure(error))
    }
}
