extension NativeAdRequestContext {
    /// Reports `customEvent`'s one outcome to ``delegate`` and logs it under the custom event's identifier.
    ///
    /// Call it once per request (the engine drops second outcomes, but the conformance kit fails adapters that
    /// send them); ``OnceOnlyRequest``'s `finish` calls it once for you.
    public func report(_ outcome: Result<NativeAd, MediationError>, from customEvent: any NativeCustomEvent) {
        switch outcome {
        case .success(let ad):
            logger.log(.info, "\(customEvent.identifier): loaded")
            delegate.nativeCustomEvent(customEvent, didLoad: ad)
        case .failure(let error):
            logger.log(.info, "\(customEvent.identifier): failed: \(error)", metadata: ["code": error.code])
            delegate.nativeCustomEvent(customEvent, didFailWith: error)
        }
    }
}
