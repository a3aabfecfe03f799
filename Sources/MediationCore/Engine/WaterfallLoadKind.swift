/// What kind of thing a waterfall loads, and how a line of that kind is resolved, started and stopped: the one
/// part of the engine that differs between native ads (``NativeCustomEvent``) and in-stream sources
/// (``InstreamCustomEvent``). The machine, the driver, the strategies, the trace and the back-off are shared, and
/// what a run shares (the mediator's services, the rules, the run's id, ad unit and logger) is the run's
/// ``WaterfallRunEnvironment``, not the kind's.
protocol WaterfallLoadKind: Sendable {
    /// What a line loads.
    associatedtype Loaded: WaterfallLoadable
    /// A line resolved to its custom event (and whatever else the kind needs to start it).
    associatedtype ResolvedLine: Sendable

    /// Whether the kind's runs obey the mediator's frequency caps (``WaterfallRunServices/frequencyCaps``).
    static var obeysFrequencyCaps: Bool { get }

    /// Resolves the custom event registered for `identifier` in the run's registry.
    ///
    /// - Throws: ``MediationError/missingAdapter(identifier:)`` when none is.
    func resolve(_ identifier: String, in environment: WaterfallRunEnvironment) throws(MediationError) -> ResolvedLine

    /// What the resolved line's custom event supports: whether it loads bid markup and may serve child-directed
    /// traffic. Facts only: the run machine applies the rules to them (a bid line on one that does not bid fails
    /// before its request; a child-directed run skips one that refuses such traffic).
    func capabilities(of line: ResolvedLine) -> WaterfallLineCapabilities

    /// Starts loading `line` for `waterfallLine` in the run's `environment`; outcomes go to `reporter`, from any
    /// thread, at any time.
    func request(
        _ line: ResolvedLine, for waterfallLine: borrowing WaterfallLine, reporter: WaterfallLineReporter<Self>,
        in environment: WaterfallRunEnvironment)

    /// Tells the line's custom event to stop loading (another line won, it timed out, the run ended).
    func stop(_ line: ResolvedLine)

    /// Lets go of what a line loaded that will never reach the host (a lower line's held value when a higher
    /// one wins, a duplicate or late load).
    func release(_ loaded: Loaded)

    /// Prepares the winner before it reaches the host.
    func prepareWinner(_ loaded: Loaded, from line: ResolvedLine, in environment: WaterfallRunEnvironment)

    /// The refusal, by `caps`, of a value that loaded but whose network named, only then, something a cap refuses
    /// (a native ad's creative), or `nil`. Asked only of a kind that ``obeysFrequencyCaps``.
    func capRefusal(ofLoaded loaded: Loaded, caps: FrequencyCapStore) -> FrequencyCapRefusal?

    /// Starts counting the winner's impression for `caps`, under the run's ad unit and `line`. Asked only of a kind
    /// that ``obeysFrequencyCaps``.
    func countImpression(
        of loaded: Loaded, line: borrowing WaterfallLine, caps: FrequencyCapStore, adUnitID: String?)
}

extension WaterfallLoadKind {
    /// No refusal after a load, unless the kind says otherwise.
    func capRefusal(ofLoaded loaded: Loaded, caps: FrequencyCapStore) -> FrequencyCapRefusal? { nil }

    /// Nothing is counted, unless the kind says otherwise.
    func countImpression(
        of loaded: Loaded, line: borrowing WaterfallLine, caps: FrequencyCapStore, adUnitID: String?
    ) {}
}
