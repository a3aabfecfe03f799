import Foundation
import MediationBridge

/// The built-in custom event for bids whose markup is OpenRTB Native (server name `OpenRTBNativeCustomEvent`):
/// it maps the line's `adm` (``MediationBridge/NativeCustomEvent/requestAd(info:adMarkup:context:)``'s
/// `adMarkup`) onto the unified ad with ``OpenRTBNativeAdMapper``, precaches the images, and reports the ad.
///
/// - Markup that is missing or invalid fails at once with ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)``
///   naming the JSON path; no network call is made and the line never fills.
/// - The Native request the bid answers (for asset IDs and required assets) comes from the info key
///   ``nativeRequestInfoKey`` (an object or its JSON text) when present, else from the request given at creation.
/// - Tracker macros are expanded with the line's price and currency and the info keys ``auctionIDInfoKey``,
///   ``bidIDInfoKey``, ``impressionIDInfoKey`` and ``seatInfoKey``.
/// - Every drop (scripts, JavaScript trackers, refused URLs) is logged and recorded in the properties'
///   ``MediationBridge/NativeAdProperties/droppedValues``, which the engine traces when the ad loads.
public final class OpenRTBNativeCustomEvent: NativeCustomEvent {
    /// `OpenRTBNativeCustomEvent`.
    public static let identifier = "OpenRTBNativeCustomEvent"
    /// The info key of the Native request the bid answers.
    public static let nativeRequestInfoKey = "native_request"
    /// The info key of the auction's ID (`${AUCTION_ID}`).
    public static let auctionIDInfoKey = "auction_id"
    /// The info key of the bid's ID (`${AUCTION_BID_ID}`).
    public static let bidIDInfoKey = "bid_id"
    /// The info key of the impression's ID (`${AUCTION_IMP_ID}`).
    public static let impressionIDInfoKey = "imp_id"
    /// The info key of the seat (`${AUCTION_SEAT_ID}`).
    public static let seatInfoKey = "seat"

    private let defaultRequest: OpenRTBNativeRequest?
    private let limits: OpenRTBNativeMarkupLimits
    private let request = OnceOnlyRequest<NativeAdRequestContext, Bool>()

    /// Creates the custom event.
    ///
    /// - Parameters:
    ///   - nativeRequest: the Native request the host's bids answer, when the line's info does not carry one.
    ///   - limits: the bounds on the markup.
    public init(nativeRequest: OpenRTBNativeRequest? = nil, limits: OpenRTBNativeMarkupLimits = .default) {
        defaultRequest = nativeRequest
        self.limits = limits
    }

    /// `OpenRTBNativeCustomEvent`.
    public var identifier: String { Self.identifier }
    /// `true`: its lines are bids, and the markup is what it loads.
    public var supportsBidding: Bool { true }

    /// Maps the markup and reports the ad, or the markup's error.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        guard request.begin(self, context: context) else { return }
        let mapping: OpenRTBNativeAdMapping
        do {
            mapping = try Self.mapper(info: info, context: context, defaultRequest: defaultRequest, limits: limits)
                .map(markup: try Self.markup(adMarkup))
        } catch {
            context.logger.log(.warning, "\(Self.identifier): \(error)", metadata: ["code": error.code])
            request.finish(.failure(error), from: self)
            return
        }
        for drop in mapping.dropped {
            context.logger.log(.info, "\(Self.identifier): dropped \(drop)", metadata: ["path": drop.path])
        }
        guard let context = request.claim() else { return }
        let owner = "openrtb:\(context.source.customEventIdentifier):\(ObjectIdentifier(self).hashValue)"
        context.precacheImages(of: mapping.properties) { loaded throws(MediationError) in
            let adapter = OpenRTBNativeAdAdapter(
                mapping: mapping, properties: loaded, trackerPinger: context.trackerPinger, owner: owner)
            return context.makeNativeAd(adapter: adapter)
        } completion: { [self] outcome in
            request.finishClaimed(outcome, from: self)
        }
    }

    /// Stops: a load still precaching images reports nothing.
    public func stop() {
        _ = request.stop()
    }

    private static func markup(_ adMarkup: String?) throws(MediationError) -> String {
        guard let adMarkup, !adMarkup.isEmpty else {
            throw .invalidBidMarkup(path: "$", reason: "the line has no markup (adm)")
        }
        return adMarkup
    }

    /// The mapper for one line: its request, URL policy, limits and macro values.
    static func mapper(
        info: CustomEventInfo, context: NativeAdRequestContext, defaultRequest: OpenRTBNativeRequest?,
        limits: OpenRTBNativeMarkupLimits
    ) throws(MediationError) -> OpenRTBNativeAdMapper {
        var nativeRequest = defaultRequest
        switch info[nativeRequestInfoKey] {
        case .string(let text)?: nativeRequest = try OpenRTBNativeRequest(jsonString: text)
        case .object(let object)?: nativeRequest = try OpenRTBNativeRequest(json: .object(object))
        case .none, .null?: break
        case .some(let other):
            throw .invalidConfiguration(
                path: nativeRequestInfoKey,
                reason: "expected an object or a string, got \(OpenRTBJSONNode.kindName(of: other))")
        }
        let values = AuctionMacroValues(
            auctionID: info.string(auctionIDInfoKey), bidID: info.string(bidIDInfoKey),
            impressionID: info.string(impressionIDInfoKey), seatID: info.string(seatInfoKey),
            price: context.source.price, currency: context.source.currencyCode ?? NativeAdSource.defaultCurrencyCode)
        return OpenRTBNativeAdMapper(
            request: nativeRequest, urlPolicy: context.urlPolicy, limits: limits, macroValues: values)
    }
}
