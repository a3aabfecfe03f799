/// One network's loader for one waterfall line (MoPub's `MPNativeCustomEvent`).
///
/// The engine creates a fresh custom event per line from the factory registered under ``identifier`` and
/// calls ``requestAd(info:adMarkup:context:)`` once.
///
/// Rules for conformers (``OnceOnlyRequest`` keeps the exactly-once ones for you: one outcome, reported through
/// ``NativeAdRequestContext/report(_:from:)``, nothing after ``stop()``, a second `requestAd` ignored):
/// - Report exactly one outcome through `context.delegate`: `didLoad` with a ``NativeAd`` once the ad *and
///   every asset it needs* are ready, or `didFail` with a ``MediationError``. The engine tolerates broken
///   adapters (it drops second and late outcomes and times out silent ones), but the conformance kit fails them.
/// - When required info is missing or malformed (``requiredInfoKeys``), fail at once, before any network call,
///   with ``MediationError/missingRequiredInfo(key:)`` or ``MediationError/invalidConfiguration(path:reason:)``.
/// - Keep the network's own error (domain, code, message) in ``MediationError/networkError(_:)``; report the
///   network's "no ad" as ``MediationError/noFill``.
/// - Pass on only the targeting the context gives you (it is already redacted for privacy); pass the privacy
///   signals to the network.
/// - After ``stop()``, report nothing and release the network request.
/// - Use `context.clock` for every delay and `context.imagePrecacher` to download images before loading.
/// - You may call back synchronously from inside `requestAd`, or later from any thread.
public protocol NativeCustomEvent: AnyObject, Sendable {
    /// The stable identifier a server names in `x-custom-event-class-name`.
    var identifier: String { get }

    /// The custom-event info keys without which no request is made (for documentation and the conformance
    /// kit). Empty by default.
    var requiredInfoKeys: [String] { get }

    /// Whether the network may serve child-directed requests. When `false`, the engine skips this line for a
    /// child-directed request. `true` by default.
    var supportsChildDirectedTraffic: Bool { get }

    /// Whether the custom event loads bids: it hands `adMarkup` to the network SDK's markup load call (such as
    /// myTarget's `loadFromBid:`), never to its ordinary load. When `false` (the default), the engine never runs a
    /// bid line on it (the bid fails with ``MediationError/invalidBidMarkup(path:reason:)`` and is reported lost),
    /// and the custom event must fail a request that carries markup with that error rather than ignore it.
    var supportsBidding: Bool { get }

    /// Loads one ad for the line.
    ///
    /// - Parameters:
    ///   - info: the line's custom-event info (`x-custom-event-class-data`).
    ///   - adMarkup: bidding markup (`adm`), when the line has one.
    ///   - context: delegate, privacy, targeting, clock, logger, image precacher and the line's source.
    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext)

    /// The engine no longer wants an outcome (timeout, cancel, another line won). Stop loading, release the
    /// network request, and report nothing. Does nothing by default.
    func stop()
}

extension NativeCustomEvent {
    /// No required info by default.
    public var requiredInfoKeys: [String] { [] }
    /// Child-directed traffic is supported by default.
    public var supportsChildDirectedTraffic: Bool { true }
    /// No bidding support by default.
    public var supportsBidding: Bool { false }
    /// Does nothing by default.
    public func stop() {}
}
