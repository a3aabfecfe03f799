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
}
