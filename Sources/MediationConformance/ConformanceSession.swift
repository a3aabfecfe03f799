import MediationCore
import MediationTesting

/// One check's fresh world: a manual clock, the subject's network stand-in on it, and the request context
/// the engine would give the custom event.
final class ConformanceSession: Sendable {
    /// A custom event and the log of what it reported.
    struct Load: Sendable {
        let customEvent: any NativeCustomEvent
        let log: OutcomeLog
    }

    let subject: AdapterConformanceSubject
    let options: ConformanceOptions
    let manualClock = ManualClock()
    let clock: MediationClock
    let harness: ConformanceHarness

    init(subject: AdapterConformanceSubject, options: ConformanceOptions) {
        self.subject = subject
        self.options = options
        clock = MediationClock(manualClock)
        harness = subject.makeHarness(clock)
    }

    /// The context the engine would pass, reporting to `log`.
    func context(reportingTo log: OutcomeLog) -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: log, clock: clock, logger: RecordingLogger(), imagePrecacher: ScriptedImagePrecacher(),
            trackerPinger: RecordingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: subject.customEventIdentifier, networkName: subject.name))
    }

    /// Arranges `scenario`, makes a fresh custom event and asks it for an ad with `info` (the subject's valid
    /// info by default).
    func startLoad(_ scenario: ConformanceScenario, info: CustomEventInfo? = nil) -> Load {
        harness.arrange(scenario)
        let customEvent = harness.makeCustomEvent()
        let log = OutcomeLog(clock: clock)
        customEvent.requestAd(info: info ?? subject.validInfo, adMarkup: nil, context: context(reportingTo: log))
        return Load(customEvent: customEvent, log: log)
    }

    /// Runs the clock on by the settle time, then through whatever is still scheduled (bounded), so that late
    /// and repeated outcomes have every chance to show.
    func settle() {
        manualClock.advance(by: options.settleTime)
        manualClock.runUntilIdle(limit: 1_000)
    }

    /// Loads the stand-in's sample ad, answered synchronously by the network; the clock then runs on by the
    /// network latency to let adapters finish their own steps.
    ///
    /// - Returns: the load and its ad, or why there is no ad.
    func loadSampleAd() -> Result<(load: Load, ad: NativeAd), SampleLoadFailure> {
        let load = startLoad(.sampleFill())
        manualClock.advance(by: options.networkLatency)
        guard let ad = load.log.loadedAd else {
            return .failure(SampleLoadFailure(reason: "the sample ad did not load: \(load.log.outcomes.summary)"))
        }
        return .success((load, ad))
    }
}
