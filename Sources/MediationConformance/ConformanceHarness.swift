import MediationCore

/// One check's type-erased view of a subject's network stand-in and custom event factory.
struct ConformanceHarness: Sendable {
    let arrange: @Sendable (ConformanceScenario) -> Void
    let trigger: @Sendable (ConformanceNetworkEvent, NativeAd) -> Bool
    let loadAttempts: @Sendable () -> Int
    let observe: @Sendable (NativeAd?) -> ConformanceObservation
    let makeCustomEvent: @Sendable () -> any NativeCustomEvent
}
