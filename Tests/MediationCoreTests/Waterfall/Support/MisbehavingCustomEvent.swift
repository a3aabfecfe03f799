import Dispatch
import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// A custom event whose network misbehaves on purpose: it answers on a script of timed steps, ignores
/// `stop()` as real SDKs do, and reports from whatever thread the step says. It keeps only weak references
/// to the ads it makes, so the matrix can check that the engine let go of them.
final class MisbehavingCustomEvent: NativeCustomEvent, Sendable {
    /// One answer of the simulated network.
    enum Answer: Sendable {
        /// Load an ad with these properties.
        case load(NativeAdProperties)
        /// Fail with this error.
        case fail(MediationError)
        /// Map a network ad from JSON (as an adapter would) and report the mapping error, or the ad.
        case mapJSON(String)
        /// Map a network ad whose title is `byteCount` bytes long.
        case mapTitle(byteCount: Int)
        /// Report `count` answers at once from a pool of threads, alternating load and no fill.
        case concurrent(count: Int)
    }

    /// An answer and when it comes, on the run's clock, after `requestAd`; zero means inside `requestAd`.
    struct Step: Sendable {
        var after: Duration
        var answer: Answer
    }

    let identifier = "M"
    /// The answers, in order.
    let steps: [Step]
    /// Whether the simulated SDK holds the custom event weakly, so that its answers are lost once the engine
    /// releases the event (a real SDK's weak delegate).
    let holdsEventWeakly: Bool
    /// Where the event records its stops and the ads it made; it outlives the event.
    let log: Log

    /// What every event of one test did, kept apart from the events so that the test holds them only weakly.
    final class Log: Sendable {
        private struct State {
            var stops = 0
            var ads: [WeakBox<NativeAd>] = []
            var events: [WeakBox<MisbehavingCustomEvent>] = []
        }
        private let state = Locked(State())

        /// How many times `stop()` was called, over all events.
        var stopCount: Int { state.withLock { $0.stops } }
        /// Weak references to every ad made.
        var ads: [WeakBox<NativeAd>] { state.withLock { $0.ads } }
        /// Weak references to every event created.
        var events: [WeakBox<MisbehavingCustomEvent>] { state.withLock { $0.events } }

        fileprivate func recordStop() { state.withLock { $0.stops += 1 } }
        fileprivate func record(_ ad: NativeAd) { state.withLock { $0.ads.append(WeakBox(ad)) } }
        fileprivate func record(_ event: MisbehavingCustomEvent) {
            state.withLock { $0.events.append(WeakBox(event)) }
        }
    }

    init(steps: [Step], holdsEventWeakly: Bool = false, log: Log) {
        self.steps = steps
        self.holdsEventWeakly = holdsEventWeakly
        self.log = log
        log.record(self)
    }

    func requestAd(info: CustomEventInfo, adMarkup: String?, context: NativeAdRequestContext) {
        for step in steps {
            if step.after == .zero {
                answer(step.answer, context)
            } else if holdsEventWeakly {
                context.clock.schedule(after: step.after) { [weak self] in self?.answer(step.answer, context) }
            } else {
                context.clock.schedule(after: step.after) { [self] in answer(step.answer, context) }
            }
        }
    }

    /// Ignored, as by an SDK that answers after cancel: every scheduled answer still comes.
    func stop() {
        log.recordStop()
    }

    private func answer(_ answer: Answer, _ context: NativeAdRequestContext) {
        switch answer {
        case .load(let properties):
            load(properties, context)
        case .fail(let error):
            context.delegate.nativeCustomEvent(self, didFailWith: error)
        case .mapJSON(let json):
            do {
                load(try NativeAdProperties.decode(json: Data(json.utf8)), context)
            } catch {
                context.delegate.nativeCustomEvent(self, didFailWith: error)
            }
        case .mapTitle(let byteCount):
            do {
                var properties = NativeAdProperties()
                try properties.setText(String(repeating: "x", count: byteCount), for: .title)
                load(properties, context)
            } catch {
                context.delegate.nativeCustomEvent(self, didFailWith: error)
            }
        case .concurrent(let count):
            DispatchQueue.concurrentPerform(iterations: count) { index in
                if index.isMultiple(of: 2) {
                    load(Fixture.properties("M\(index)"), context)
                } else {
                    context.delegate.nativeCustomEvent(self, didFailWith: .noFill)
                }
            }
        }
    }

    private func load(_ properties: NativeAdProperties, _ context: NativeAdRequestContext) {
        let ad = context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: properties))
        log.record(ad)
        context.delegate.nativeCustomEvent(self, didLoad: ad)
    }
}

/// A weak reference that can be kept in a `Sendable` value.
struct WeakBox<Object: AnyObject & Sendable>: Sendable {
    weak var object: Object?

    init(_ object: Object?) {
        self.object = object
    }

    /// Whether the object is still alive.
    var isAlive: Bool { object != nil }
}
