import MediationCore
import MediationSupport
import MediationTesting

/// The custom event behind every bench line: answers as the line's ``BenchLineOutcome`` (carried in the line's
/// info under `benchOutcome` and `benchLatencyMicroseconds`) on the request's clock, or at once inside
/// `requestAd` when the latency is zero.
public final class BenchCustomEvent: NativeCustomEvent, Sendable {
    /// The identifier bench lines use.
    public static let identifier = "BenchCustomEvent"

    /// The ad every fill delivers.
    public static let properties: NativeAdProperties = {
        do {
            return try NativeAdProperties([
                .title: .text("Bench ad"), .text: .text("Simulated fill"), .callToAction: .text("Open"),
            ])
        } catch {
            return NativeAdProperties()
        }
    }()

    private let pending = Locked<ScheduledAction?>(nil)
    private let requestCounter: Locked<Int>

    /// Creates an event that adds each request to `requestCounter`.
    package init(requestCounter: Locked<Int>) {
        self.requestCounter = requestCounter
    }

    /// ``identifier``.
    public var identifier: String { Self.identifier }
    /// Bench lines stand for bids too.
    public var supportsBidding: Bool { true }

    /// The info a line needs so that this event answers with `outcome`.
    public static func info(for outcome: BenchLineOutcome) -> CustomEventInfo {
        [
            "benchOutcome": .string(outcome.kind.rawValue),
            "benchLatencyMicroseconds": .number((outcome.latency / .microseconds(1)).rounded()),
        ]
    }

    /// Answers after the scripted latency on the context's clock; a hang never answers.
    public func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        requestCounter.withLock { $0 += 1 }
        guard let kind = info.string("benchOutcome").flatMap(BenchLineOutcome.Kind.init(rawValue:)),
            let microseconds = info.number("benchLatencyMicroseconds")
        else {
            context.delegate.nativeCustomEvent(self, didFailWith: .missingRequiredInfo(key: "benchOutcome"))
            return
        }
        if kind == .hang { return }
        guard microseconds > 0 else {
            answer(kind, context: context)
            return
        }
        let action = context.clock.schedule(after: .microseconds(Int64(saturating: microseconds))) { [self] in
            answer(kind, context: context)
        }
        pending.withLock { $0 = action }
    }

    private func answer(_ kind: BenchLineOutcome.Kind, context: NativeAdRequestContext) {
        // The timer has fired: like an SDK's finished request, the event lets go of it (and, through it, of
        // nothing else of the request) rather than holding it until the event itself goes.
        pending.withLock { $0 = nil }
        switch kind {
        case .fill:
            let adapter = ScriptedNativeAdAdapter(properties: Self.properties)
            context.delegate.nativeCustomEvent(self, didLoad: context.makeNativeAd(adapter: adapter))
        case .noFill:
            context.delegate.nativeCustomEvent(self, didFailWith: .noFill)
        case .error, .hang:
            let info = NetworkErrorInfo(domain: "bench", code: 500, message: "simulated error")
            context.delegate.nativeCustomEvent(self, didFailWith: .networkError(info))
        }
    }

    /// Cancels the scheduled answer.
    public func stop() {
        pending.withLock { $0 }?.cancel()
    }
}
