import MediationConformance

extension SandboxBehavior {
    /// The delivery a conformance scenario asks for: its latency on the request's clock, one callback, and a
    /// background dispatch queue for ``ConformanceScenario/Delivery/backgroundThread``.
    ///
    /// A zero-latency answer on the clock's thread comes synchronously from inside the load call, as the
    /// scenario's delivery rules say.
    public init(_ scenario: ConformanceScenario) {
        self.init(
            latency: scenario.latency, callbackCount: 1,
            callsBackOnBackgroundThread: scenario.delivery == .backgroundThread)
    }
}
