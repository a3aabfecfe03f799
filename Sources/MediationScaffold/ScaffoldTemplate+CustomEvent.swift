extension ScaffoldTemplate {
    /// The custom event: required info, one outcome, stop, errors, field mapping, image precaching.
    static let customEvent = ScaffoldTemplate(
        path: "Sources/{{Name}}Adapter/{{Name}}NativeCustomEvent.swift",
        text: #"""
            import Foundation
            import MediationBridge

            /// Loads one {{Name}} native ad for a waterfall line and maps it onto MediationKit's unified ad dictionary.
            ///
            /// The contract rules it follows, each of which the conformance kit checks:
            /// - Required info (`placementId`) is read first; without it the event fails at once with
            ///   `missingRequiredInfo` and never calls the network.
            /// - The request's privacy, targeting (already redacted by the context) and bid markup go to the network.
            /// - It loads bids (`supportsBidding`): a bid's markup goes to the network's markup load (the load's bid
            ///   token), never to its ordinary load; empty or blank markup fails at once with `invalidBidMarkup` at `adm`.
            ///   Its bidder is ``{{Name}}BidSignalProvider``, registered with it by
            ///   ``register(in:loader:bidderTokens:signalTimeout:)``.
            /// - Exactly one outcome, guarded by `OnceOnlyRequest`: late, repeated, racing or post-stop network answers are
            ///   dropped; the first ad claims the outcome before it is wrapped, so answers racing it on other threads never
            ///   make a second adapter. A second `requestAd` is logged and ignored. Outcomes go out through
            ///   `context.report`.
            /// - `stop()` cancels the network load and silences the event.
            /// - Network errors keep the network's code and message; the network's "no ad" becomes `noFill`.
            /// - Images are precached through the context before `didLoad`.
            /// - The ad is made with the network's lifetime (``networkAdLifetime``).
            /// - Network callbacks capture the event weakly, so a load in flight never keeps it alive.
            public final class {{Name}}NativeCustomEvent: NativeCustomEvent {
                /// The identifier servers name in `x-custom-event-class-name`.
                public static let identifier = "{{Name}}NativeCustomEvent"
                /// How long the network keeps a loaded ad valid. FILL IN: the real SDK's ad lifetime.
                public static let networkAdLifetime: Duration = .seconds(3_600)
                /// The info key holding the network's placement ID.
                public static let placementIDKey = "placementId"
                /// The error domain the network's errors are reported under. FILL IN: the SDK's own error domain.
                public static let errorDomain = "com.example.{{domainName}}-network"
                /// The unified keys without which a network ad is refused with `missingRequiredAssets`.
                public static let requiredProperties: [NativeAdPropertyKey] = [.title, .text, .callToAction, .iconImage]

                private let loader: any {{Name}}NativeAdLoading
                private let request = OnceOnlyRequest<NativeAdRequestContext, {{Name}}LoadHandle>()

                /// Creates the event over a network loader: the wrapper over the real SDK, or ``{{Name}}SandboxNetwork``.
                public init(loader: any {{Name}}NativeAdLoading) {
                    self.loader = loader
                }

                /// ``identifier``.
                public var identifier: String { Self.identifier }

                /// `placementId`.
                public var requiredInfoKeys: [String] { [Self.placementIDKey] }

                /// `true`: a bid's markup goes to the network's markup load. FILL IN: `false` (and drop the markup
                /// path and the bid signal provider) when the network has no bidding; the custom event must then fail
                /// a request with markup with `invalidBidMarkup(path: "adm", …)`.
                public var supportsBidding: Bool { true }

                /// Loads one ad; see the type's documentation for the rules it follows.
                public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
                    guard request.begin(self, context: context) else { return }
                    let placementID: String
                    do {
                        placementID = try info.requiredString(Self.placementIDKey)
                        try Self.checkBidMarkup(adMarkup)
                    } catch {
                        request.finish(.failure(error), from: self)
                        return
                    }
                    let options = Self.loadOptions(context: context, adMarkup: adMarkup)
                    let handle = loader.loadNativeAd(placementID: placementID, options: options) { [weak self] result in
                        self?.networkAnswered(result, context: context)
                    }
                    if !request.hold(handle) { handle.cancel() }
                }

                /// The network's request options: the child-directed flag, age and gender as far as privacy allows (the
                /// context's targeting is already redacted), and the bid markup as the bid token.
                ///
                /// FILL IN: pass every privacy signal and targeting field the real SDK takes.
                public static func loadOptions(context: NativeAdRequestContext, adMarkup: String?) -> {{Name}}LoadOptions {
                    let targeting = context.targeting.redacted(for: context.privacy)
                    return {{Name}}LoadOptions(
                        childDirected: context.privacy.isChildDirected, age: targeting.age, gender: targeting.gender?.rawValue,
                        bidToken: adMarkup)
                }

                /// Refuses markup no network can load: empty or only white space. `nil` (a waterfall line) passes.
                ///
                /// FILL IN: any check of the markup's shape the SDK documents (it must fail here, not in the SDK).
                public static func checkBidMarkup(_ adMarkup: String?) throws(MediationError) {
                    guard let adMarkup, adMarkup.allSatisfy(\.isWhitespace) else { return }
                    throw .invalidBidMarkup(path: "adm", reason: "empty bid markup")
                }

                /// Cancels the network load and drops whatever it answers later.
                public func stop() {
                    request.stop()?.cancel()
                }

                private func networkAnswered(_ result: {{Name}}LoadResult, context: NativeAdRequestContext) {
                    switch result {
                    case .noFill:
                        request.finish(.failure(.noFill), from: self)
                    case .failed(let code, let message):
                        let info = NetworkErrorInfo(domain: Self.errorDomain, code: code, message: message)
                        request.finish(.failure(.networkError(info)), from: self)
                    case .loaded(let networkAd):
                        guard request.claim() != nil else { return }
                        let properties: NativeAdProperties
                        do {
                            properties = try Self.properties(of: networkAd, logger: context.logger)
                        } catch {
                            request.finishClaimed(.failure(error), from: self)
                            return
                        }
                        let images = [NativeAdPropertyKey.iconImage, .mainImage].compactMap { properties.image($0)?.url }
                        context.imagePrecacher.precacheImages(images) { [weak self] downloaded in
                            guard let self else { return }
                            switch downloaded {
                            case .failure(let error):
                                request.finishClaimed(.failure(error), from: self)
                            case .success(let data):
                                let adapter = {{Name}}NativeAdAdapter(
                                    networkAd: networkAd, properties: Self.attaching(data, to: properties))
                                // The ad expires after the network's lifetime (or at the host's shorter lifetime). An ad the
                                // SDK drops earlier: see the adapter's {{lowerName}}NativeAdDidInvalidate(_:).
                                let ad = context.makeNativeAd(adapter: adapter, lifetime: Self.networkAdLifetime)
                                request.finishClaimed(.success(ad), from: self)
                            }
                        }
                    }
                }

                /// The unified dictionary for a network ad: well-known keys, http(s) URLs only, a star rating only when
                /// it lies in 0…5; fails with `missingRequiredAssets` when a required key is absent.
                ///
                /// FILL IN: map every field the real SDK offers; put network-specific extras under their own keys.
                public static func properties(
                    of networkAd: any {{Name}}NetworkNativeAd, logger: any MediationLogger
                ) throws(MediationError) -> NativeAdProperties {
                    var properties = NativeAdProperties()
                    try properties.setText(networkAd.title, for: .title)
                    try properties.setText(networkAd.body, for: .text)
                    try properties.setText(networkAd.callToAction, for: .callToAction)
                    try properties.setText(networkAd.advertiser, for: .sponsored)
                    try properties.setImage(webURL(networkAd.iconURL).map { AdImage(url: $0) }, for: .iconImage)
                    try properties.setImage(webURL(networkAd.mainImageURL).map { AdImage(url: $0) }, for: .mainImage)
                    try properties.set(webURL(networkAd.privacyClickURL).map(NativeAdValue.url), for: .privacyClickURL)
                    if let rating = networkAd.starRating {
                        if rating.isFinite && (0...5).contains(rating) {
                            try properties.set(.number(rating), for: .starRating)
                        } else {
                            logger.log(.warning, "\(identifier): dropped star rating \(rating) outside 0...5")
                        }
                    }
                    try properties.checkRequired(requiredProperties)
                    return properties
                }

                /// `url` when it is an http(s) URL with a host (MediationKit's content URL rule); `nil` otherwise.
                public static func webURL(_ url: URL?) -> URL? {
                    guard let url, MediationURLPolicy.isAllowedContentURL(url) else { return nil }
                    return url
                }

                private static func attaching(_ data: [URL: Data], to properties: NativeAdProperties) -> NativeAdProperties {
                    var loaded = properties
                    for key in [NativeAdPropertyKey.iconImage, .mainImage] {
                        guard let image = properties.image(key), let url = image.url, let bytes = data[url] else { continue }
                        try? loaded.setImage(AdImage(url: url, size: image.size, data: bytes), for: key)
                    }
                    return loaded
                }
            }
            """#)
}
