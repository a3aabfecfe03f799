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
            /// - Exactly one outcome, guarded by a lock: late, repeated, racing or post-stop network answers are dropped;
            ///   the first ad claims the outcome before it is wrapped, so answers racing it on other threads never make a
            ///   second adapter.
            /// - `stop()` cancels the network load and silences the event.
            /// - Network errors keep the network's code and message; the network's "no ad" becomes `noFill`.
            /// - Images are precached through the context before `didLoad`.
            /// - Network callbacks capture the event weakly, so a load in flight never keeps it alive.
            public final class {{Name}}NativeCustomEvent: NativeCustomEvent {
                /// The identifier servers name in `x-custom-event-class-name`.
                public static let identifier = "{{Name}}NativeCustomEvent"
                /// The info key holding the network's placement ID.
                public static let placementIDKey = "placementId"
                /// The error domain the network's errors are reported under.
                public static let errorDomain = "com.{{domainName}}.ads"
                /// The unified keys without which a network ad is refused with `missingRequiredAssets`.
                public static let requiredProperties: [NativeAdPropertyKey] = [.title, .text, .callToAction, .iconImage]

                private enum Phase {
                    case idle
                    case loading
                    case finished
                    case stopped
                }

                private struct State {
                    var phase = Phase.idle
                    var preparing = false
                    var handle: {{Name}}LoadHandle?
                }

                private let loader: any {{Name}}NativeAdLoading
                private let state = Locked(State())

                /// Creates the event over a network loader: the wrapper over the real SDK, or ``{{Name}}SandboxNetwork``.
                public init(loader: any {{Name}}NativeAdLoading) {
                    self.loader = loader
                }

                /// ``identifier``.
                public var identifier: String { Self.identifier }

                /// `placementId`.
                public var requiredInfoKeys: [String] { [Self.placementIDKey] }

                /// Loads one ad.
                public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
                    let starts = state.withLock { state -> Bool in
                        guard state.phase == .idle else { return false }
                        state.phase = .loading
                        return true
                    }
                    guard starts else {
                        context.logger.log(.warning, "\(Self.identifier): requestAd called again; ignored")
                        return
                    }
                    let placementID: String
                    do {
                        placementID = try info.requiredString(Self.placementIDKey)
                    } catch {
                        finish(.failure(error), context: context)
                        return
                    }
                    let options = Self.loadOptions(context: context, adMarkup: adMarkup)
                    let handle = loader.loadNativeAd(placementID: placementID, options: options) { [weak self] result in
                        self?.networkAnswered(result, context: context)
                    }
                    let cancelNow = state.withLock { state -> Bool in
                        switch state.phase {
                        case .loading:
                            state.handle = handle
                            return false
                        case .stopped: return true
                        case .idle, .finished: return false
                        }
                    }
                    if cancelNow { handle.cancel() }
                }

                /// Cancels the network load and drops whatever it answers later.
                public func stop() {
                    let handle = state.withLock { state -> {{Name}}LoadHandle? in
                        if state.phase == .idle || state.phase == .loading { state.phase = .stopped }
                        defer { state.handle = nil }
                        return state.handle
                    }
                    handle?.cancel()
                }

                /// The network's request options: child-directed flag, age and gender as far as privacy allows (the
                /// context's targeting is already redacted), the bid markup as the bid token.
                ///
                /// FILL IN: pass every privacy signal and targeting field the real SDK takes.
                public static func loadOptions(context: NativeAdRequestContext, adMarkup: String?) -> {{Name}}LoadOptions {
                    let targeting = context.targeting.redacted(for: context.privacy)
                    return {{Name}}LoadOptions(
                        childDirected: context.privacy.isChildDirected, age: targeting.age,
                        gender: targeting.gender?.rawValue, bidToken: adMarkup)
                }

                /// Claims the outcome for the first network ad, once; later answers are dropped.
                private func claimForPreparing() -> Bool {
                    state.withLock { state in
                        guard state.phase == .loading, !state.preparing else { return false }
                        state.preparing = true
                        return true
                    }
                }

                private var isPreparing: Bool { state.withLock { $0.preparing } }

                private func networkAnswered(_ result: {{Name}}LoadResult, context: NativeAdRequestContext) {
                    guard !isPreparing else { return }
                    switch result {
                    case .noFill:
                        finish(.failure(.noFill), context: context)
                    case .failed(let code, let message):
                        let info = NetworkErrorInfo(domain: Self.errorDomain, code: code, message: message)
                        finish(.failure(.networkError(info)), context: context)
                    case .loaded(let networkAd):
                        guard claimForPreparing() else { return }
                        let properties: NativeAdProperties
                        do {
                            properties = try Self.properties(of: networkAd, logger: context.logger)
                        } catch {
                            finish(.failure(error), context: context)
                            return
                        }
                        let images = [NativeAdPropertyKey.iconImage, .mainImage].compactMap { properties.image($0)?.url }
                        context.imagePrecacher.precacheImages(images) { [weak self] downloaded in
                            guard let self else { return }
                            switch downloaded {
                            case .failure(let error):
                                finish(.failure(error), context: context)
                            case .success(let data):
                                let adapter = {{Name}}NativeAdAdapter(
                                    networkAd: networkAd, properties: Self.attaching(data, to: properties))
                                finish(.success(adapter), context: context)
                            }
                        }
                    }
                }

                private func finish(_ result: Result<{{Name}}NativeAdAdapter, MediationError>, context: NativeAdRequestContext) {
                    let delivers = state.withLock { state -> Bool in
                        guard state.phase == .loading else { return false }
                        state.phase = .finished
                        state.handle = nil
                        return true
                    }
                    guard delivers else { return }
                    switch result {
                    case .success(let adapter):
                        // The network's ads stay valid this long (change it to your SDK's); the host's shorter
                        // lifetime still wins. An ad the SDK drops earlier: see the adapter's invalidate().
                        let ad = context.makeNativeAd(adapter: adapter, lifetime: .seconds(3_600))
                        context.delegate.nativeCustomEvent(self, didLoad: ad)
                    case .failure(let error):
                        context.delegate.nativeCustomEvent(self, didFailWith: error)
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
                        if rating.isFinite && NativeAdProperties.starRatingRange.contains(rating) {
                            try properties.set(.number(rating), for: .starRating)
                        } else {
                            logger.log(.warning, "\(identifier): dropped star rating \(rating) outside 0...5")
                        }
                    }
                    try properties.checkRequired(requiredProperties)
                    return properties
                }

                /// `url` when it is an http(s) URL with a host (MediationKit's content URL rule); `nil` otherwise.
                static func webURL(_ url: URL?) -> URL? {
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
