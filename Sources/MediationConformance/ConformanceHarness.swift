import MediationCore

/// One check's type-erased view of a subject's network stand-in and custom event factory.
struct ConformanceHarness: Sendable {
    let arrange: @Sendable (ConformanceScenario) -> Void
    let trigger: @Sendable (ConformanceNetworkEvent, NativeAd) -> Bool
    let loadAttempts: @Sendable () -> Int
    let observe: @Sendable (NativeAd?) -> ConformanceObservation
    let makeCustomEvent: @Sendable () -> any NativeCustomEvent
    /// Makes the network invalidate an ad; `nil` when the driver cannot.
    var invalidate: (@Sendable (NativeAd) -> Bool)? = nil
    /// Makes the adapter's bid signal provider over this check's stand-in; `nil` when it has none.
    var makeBidSignalProvider: (@Sendable () -> any BidSignalProvider)? = nil
    /// Makes the stand-in's markup load call reject a markup; `nil` when the driver cannot.
    var rejectBidMarkup: (@Sendable (String) -> Void)? = nil
}
