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

    /// What a load passes besides the scenario: info, markup, privacy, targeting and the image precacher.
    struct Request: Sendable {
        var info: CustomEventInfo?
        var adMarkup: String?
        var privacy: PrivacySettings = .unrestricted
        var targeting: Targeting = .none
        var imagePrecacher: any ImagePrecaching = ScriptedImagePrecacher()
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
    func context(reportingTo log: OutcomeLog, request: Request = Request()) -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: log, privacy: request.privacy, targeting: request.targeting, clock: clock,
            logger: RecordingLogger(), imagePrecacher: request.imagePrecacher, trackerPinger: RecordingTrackerPinger(),
            source: NativeAdSource(customEventIdentifier: subject.customEventIdentifier, networkName: subject.name))
    }

    /// Arranges `scenario`, makes a fresh custom event and asks it for an ad with `info` (the subject's valid
    /// info by default).
    func startLoad(_ scenario: ConformanceScenario, info: CustomEventInfo? = nil) -> Load {
        startLoad(scenario, request: Request(info: info))
    }

    /// Arranges `scenario`, makes a fresh custom event and asks it for an ad as `request` says.
    func startLoad(_ scenario: ConformanceScenario, request: Request) -> Load {
        harness.arrange(scenario)
        let customEvent = harness.makeCustomEvent()
        let log = OutcomeLog(clock: clock)
        customEvent.requestAd(
            info: request.info ?? subject.validInfo, adMarkup: request.adMarkup,
            context: context(reportingTo: log, request: request))
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

    /// Renders `ad` into a fresh card with the first renderer configuration listing the subject, as a host
    /// shows an ad (the adapter's `willAttach(to:)` runs on the main actor).
    ///
    /// - Returns: why it could not be rendered, or `nil`.
    @discardableResult
    func show(_ ad: NativeAd) -> String? {
        let identifier = subject.customEventIdentifier
        guard let configuration = subject.rendererConfigurations.first(where: { $0.supports(identifier) }) else {
            return "no renderer configuration lists '\(identifier)'"
        }
        let renderer = configuration.makeRenderer()
        let bindsViews = (ad.adapter as? any NativeAdViewBindingAdapter)?.bindsAssetViews ?? false
        return MainActorDelivery.runSynchronously { () -> String? in
            do {
                // A view-binding network gets a host view that offers every asset view, as a real host's would.
                let surface: any NativeAdRendering = bindsViews ? ConformanceBindingSurface() : NativeAdCard()
                try ad.render(into: surface, using: renderer)
                return nil
            } catch {
                return "rendering the ad failed: \(error)"
            }
        }
    }
}
