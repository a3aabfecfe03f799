import MediationCore
import MediationSupport

/// A custom-event delegate that records every outcome it receives, including the ones a correct custom event
/// would never send (a second outcome, an outcome after stop).
public final class RecordingCustomEventDelegate: NativeCustomEventDelegate, Sendable {
    /// One received outcome.
    public enum Outcome: Sendable {
        /// `didLoad`.
        case loaded(NativeAd)
        /// `didFail`.
        case failed(MediationError)

        /// The ad, when loaded.
        public var ad: NativeAd? {
            if case .loaded(let ad) = self { return ad }
            return nil
        }

        /// The error, when failed.
        public var error: MediationError? {
            if case .failed(let error) = self { return error }
            return nil
        }
    }

    private let recorded = Locked<[Outcome]>([])
    private let onOutcome: (@Sendable (Outcome) -> Void)?

    /// Creates a recorder; `onOutcome` runs after each outcome is recorded.
    public init(onOutcome: (@Sendable (Outcome) -> Void)? = nil) {
        self.onOutcome = onOutcome
    }

    /// Records a load.
    public func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didLoad ad: NativeAd) {
        recorded.withLock { $0.append(.loaded(ad)) }
        onOutcome?(.loaded(ad))
    }

    /// Records a failure.
    public func nativeCustomEvent(_ customEvent: any NativeCustomEvent, didFailWith error: MediationError) {
        recorded.withLock { $0.append(.failed(error)) }
        onOutcome?(.failed(error))
    }

    /// Every outcome so far, in order.
    public var outcomes: [Outcome] { recorded.current }

    /// The first loaded ad, if any.
    public var loadedAd: NativeAd? { outcomes.lazy.compactMap(\.ad).first }

    /// The first error, if any.
    public var error: MediationError? { outcomes.lazy.compactMap(\.error).first }
}
