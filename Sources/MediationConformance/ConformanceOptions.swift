/// The knobs of a conformance run. The defaults suit every adapter; tests of the kit shorten the wall-clock
/// wait for background callbacks. ``strict-swift.property`` makes skips fail; ``fillSeed`` replays generated fills.
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
    /// Whether a skipped check fails the report. The default for the built-in adapters and the scaffold; a
    /// non-strict report with skips reads "PASSED with N skipped".
    public var strict: Bool
    /// The seed of the generated fills; a failure names it, so that passing it here replays the run.
    public var fillSeed: UInt64
    /// How many network ads the generated-fill check makes from the seed.
    public var generatedFillCount: Int
    /// How many loads of one custom event type run at once in the concurrency check.
    public var concurrentLoadCount: Int
    /// How many threads hammer each ad with answers, stops and events in the concurrency check.
    public var concurrentThreadCount: Int

    /// Creates options; every parameter has the default the kit normally uses.
    public init(
        networkLatency: Duration = .milliseconds(200),
        timeout: Duration = .seconds(10),
        settleTime: Duration = .seconds(60),
        versionTimeLimit: Duration = .milliseconds(5),
        backgroundRequestCount: Int = 8,
        backgroundWaitLimit: Duration = .seconds(5),
        probeErrorCode: Int = 4_042,
        probeErrorMessage: String = "conformance probe: placement disabled",
        strict: Bool = false,
        fillSeed: UInt64 = 0x4D_4B_13,
        generatedFillCount: Int = 96,
        concurrentLoadCount: Int = 24,
        concurrentThreadCount: Int = 6
    ) {
        self.networkLatency = networkLatency
        self.timeout = timeout
        self.settleTime = settleTime
        self.versionTimeLimit = versionTimeLimit
        self.backgroundRequestCount = backgroundRequestCount
        self.backgroundWaitLimit = backgroundWaitLimit
        self.probeErrorCode = probeErrorCode
        self.probeErrorMessage = probeErrorMessage
        self.strict = strict
        self.fillSeed = fillSeed
        self.generatedFillCount = generatedFillCount
        self.concurrentLoadCount = concurrentLoadCount
        self.concurrentThreadCount = concurrentThreadCount
    }
}

extension ConformanceOptions {
    /// The default options in strict mode: a skipped check fails the report. The built-in adapters' tests, the
    /// `mediation conformance` command and the scaffold's test use it.
    public static let strict = ConformanceOptions(strict: true)
}
