import MediationTesting

@testable import MediationBridge

/// Answers within `requestAd`, as an SDK with a cached ad may (a fill with an ad titled as its identifier, or no
/// fill), and keeps nothing of its context; `onRequest` sees each request's context first.
final class AnswerAtOnceCustomEvent: NativeCustomEvent, Sendable {
    let identifier: String
    private let fills: Bool
    private let onRequest: (@Sendable (NativeAdRequestContext) -> Void)?

    init(identifier: String, fills: Bool, onRequest: (@Sendable (NativeAdRequestContext) -> Void)? = nil) {
        self.identifier = identifier
        self.fills = fills
        self.onRequest = onRequest
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        onRequest?(context)
        guard fills else {
            context.delegate.nativeCustomEvent(self, didFailWith: .noFill)
            return
        }
        let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: Fixture.properties(identifier)))
        context.delegate.nativeCustomEvent(self, didLoad: ad)
    }
}
