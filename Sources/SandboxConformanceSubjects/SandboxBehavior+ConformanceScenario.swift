import MediationConformance
import NetworkSandbox

extension SandboxBehavior {
    /// The delivery a conformance scenario asks for: its latency on the request's clock, its number of callbacks
    /// and their interval, a background dispatch queue for ``ConformanceScenario/Delivery/backgroundThread``, and
    /// every callback from its own thread at once for ``ConformanceScenario/Delivery/concurrentThreads``.
    ///
    /// A zero-latency answer on the clock's thread comes synchronously from inside the load call, as the
    /// scenario's delivery rules say. The sandbox SDKs have no cancel (as myTarget's, Google's and TAMedia's
    /// loads have none an adapter can call), so they answer after the adapter gave up whatever
    /// ``ConformanceScenario/honoursCancel`` says.
    public init(_ scenario: ConformanceScenario) {
        self.init(
            latency: scenario.latency, callbackCount: scenario.callbackCount,
            callsBackOnBackgroundThread: scenario.delivery == .backgroundThread,
            repeatInterval: scenario.repeatInterval, callsBackConcurrently: scenario.delivery == .concurrentThreads)
    }
}
