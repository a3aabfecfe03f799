/// The knobs of a conformance run. The defaults suit every adapter; tests of the kit shorten the wall-clock
/// wait for background callbacks.
public struct ConformanceOptions: Sendable, Hashable {
    /// How long the scripted network takes to answer in the outcome checks, on the check's manual clock.
    public var networkLatency: Duration
    /// The line timeout the engine would apply (MoPub's native default: 10 s), on the manual clock.
    public var timeout: Duration
    /// How far the manual clock runs on after an answer, to catch late and repeated outcomes.
    public var settleTime: Duration
    /// The most a version provider may take (Google's AdapterUnitTestKit limit: 5 ms), measured on the
    /// continuous clock; the fastest of three calls counts.
    public var versionTimeLimit: Duration
    /// How many loads run side by side in the background-thread check.
    public var backgroundRequestCount: Int
    /// The most the background-thread check waits, in real time, for outcomes delivered on other threads.
    public var backgroundWaitLimit: Duration
    /// The code of the network error the kit scripts; the adapter must report it unchanged.
    public var probeErrorCode: Int
    /// The message of the network error the kit scripts; the adapter must report it unchanged.
    public var probeErrorMessage: String

    /// Creates options; every parameter has the default the kit normally uses.
    public init(
        networkLatency: Duration = .milliseconds(200),
        timeout: Duration = .seconds(10),
        settleTime: Duration = .seconds(60),
        versionTimeLimit: Duration = .milliseconds(5),
        backgroundRequestCount: Int = 8,
        backgroundWaitLimit: Duration = .seconds(5),
        probeErrorCode: Int = 4_042,
        probeErrorMessage: String = "conformance probe: placement disabled"
    ) {
        self.networkLatency = networkLatency
        self.timeout = timeout
        self.settleTime = settleTime
        self.versionTimeLimit = versionTimeLimit
        self.backgroundRequestCount = backgroundRequestCount
        self.backgroundWaitLimit = backgroundWaitLimit
        self.probeErrorCode = probeErrorCode
        self.probeErrorMessage = probeErrorMessage
    }
}
