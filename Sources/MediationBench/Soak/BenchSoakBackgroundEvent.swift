import Dispatch
import MediationCore
import MediationTesting

/// The soak's background network: after its latency on the run's clock it answers from a global queue, inside
/// a dispatch group the soak waits on before moving the virtual clock again, so that a background answer always
/// lands at the virtual instant it was sent (not after the clock has raced past the line's timeout).
final class BenchSoakBackgroundEvent: NativeCustomEvent, Sendable {
    let identifier: String
    private let fills: Bool
    private let latency: Duration
    private let answers: DispatchGroup
    private let properties: NativeAdProperties

    init(identifier: String, fills: Bool, latency: Duration, answers: DispatchGroup, properties: NativeAdProperties) {
        self.identifier = identifier
        self.fills = fills
        self.latency = latency
        self.answers = answers
        self.properties = properties
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        context.clock.schedule(after: latency) { [self] in
            answers.enter()
            DispatchQueue.global().async { [self] in
                if fills {
                    let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: properties))
                    context.delegate.nativeCustomEvent(self, didLoad: ad)
                } else {
                    context.delegate.nativeCustomEvent(self, didFailWith: .noFill)
                }
                answers.leave()
            }
        }
    }

    /// Ignored: the answer comes anyway, as from an SDK that does not cancel.
    func stop() {}
}
