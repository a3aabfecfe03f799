import MediationSupport

/// The exactly-once bookkeeping of one custom event's one request: one outcome, silence after stop, one way to
/// treat a second request. Every built-in adapter and the scaffold's custom event use it instead of a state
/// machine of their own.
///
/// A request moves through five phases, behind one lock:
///
/// ```
/// idle ──begin──▶ loading ──claim──▶ preparing ──finish──▶ finished
///                    │ └────────────── finish ──────────────▶ finished
///                    └──stop (from idle, loading or preparing)──▶ stopped
/// ```
///
/// - **One outcome.** The first `finish` wins; every later one, from any thread, reports nothing. An answer
///   that must be prepared before it can be reported (an ad to wrap, images to download) first ``claim()``s the
///   outcome, so that answers racing it on other threads are dropped and never build a second adapter.
/// - **Silence after stop.** ``stop()`` (the engine's `stop()`, an in-stream `cancel()`, an invalidation: whatever
///   the protocol calls it) drops the reporter and hands back the held ``resource`` for the caller to cancel or
///   release; nothing is reported afterwards, whatever the network does.
/// - **A second request is ignored.** A custom event loads one ad: the engine makes a fresh one per line. A
///   second `begin` (another `requestAd` or `load`, after the first or after a stop) returns `false`, changes
///   nothing and reports nothing (the native form logs a warning through the second request's context); the
///   first request goes on undisturbed. Reporting a failure instead would be a second outcome of the same
///   custom event.
/// - **One reporting path.** Outcomes are reported only through the reporter the request began with: for a
///   native custom event ``NativeAdRequestContext/report(_:from:)``, for an in-stream custom event its
///   ``InstreamCustomEventDelegate``. The reporting members live in the constrained extensions
///   (``finish(_:from:)``, ``finishLoading(availableMidpoints:)``).
///
/// Rules for users: call every member from any thread, never while holding a lock of your own that a reporter
/// could need; keep the SDK object that needs cancelling or releasing in ``resource`` (``hold(_:)``), and detach
/// from it after ``stop()`` returns it.
///
/// - Parameters:
///   - Reporter: what outcomes are reported through (``NativeAdRequestContext`` or
///     `any InstreamCustomEventDelegate`).
///   - Resource: what the request keeps while it is open: the SDK's loader, ad object or load handle.
public final class OnceOnlyRequest<Reporter: Sendable, Resource: Sendable>: Sendable {
    /// Where a request is.
    public enum Phase: Sendable, Hashable {
        /// Not begun.
        case idle
        /// Begun; waiting for the network's answer.
        case loading
        /// An answer claimed the outcome and is being prepared.
        case preparing
        /// The outcome was reported.
        case finished
        /// Stopped before an outcome; silent for good.
        case stopped
    }

    private struct State: Sendable {
        var phase = Phase.idle
        var reporter: Reporter?
        var resource: Resource?
    }

    private let state = Locked(State())

    /// Creates a request that has not begun.
    public init() {}

    /// The current phase.
    public var phase: Phase { state.withLock { $0.phase } }

    /// What the request holds while it is open (after ``hold(_:)``, until the outcome or ``stop()``).
    public var resource: Resource? { state.withLock { $0.resource } }

    /// Begins the request with `reporter`: `true` the first time; `false`, changing nothing, for any later call
    /// and after ``stop()``.
    func begin(reporting reporter: Reporter) -> Bool {
        state.withLock { state in
            guard state.phase == .idle else { return false }
            state.phase = .loading
            state.reporter = reporter
            return true
        }
    }

    /// Keeps `resource` while the request is open.
    ///
    /// - Returns: `false` when the request already stopped or finished (the network may answer synchronously
    ///   from inside the load call); the caller then cancels or releases `resource` itself.
    public func hold(_ resource: Resource) -> Bool {
        state.withLock { state in
            guard state.phase == .loading || state.phase == .preparing else { return false }
            state.resource = resource
            return true
        }
    }

    /// Claims the outcome for an answer that must be prepared before it is reported: moves from loading to
    /// preparing, once.
    ///
    /// - Returns: the reporter, to prepare with; `nil` when another answer claimed or finished the request, or it
    ///   stopped. Then drop the answer.
    public func claim() -> Reporter? {
        state.withLock { state in
            guard state.phase == .loading else { return nil }
            state.phase = .preparing
            return state.reporter
        }
    }

    /// Stops the request: silent from now on. Call it from the custom event's `stop()` or `cancel()`.
    ///
    /// - Returns: the held resource, released by the request; cancel it or detach from it outside any lock.
    @discardableResult
    public func stop() -> Resource? {
        state.withLock { state in
            if state.phase != .finished { state.phase = .stopped }
            state.reporter = nil
            defer { state.resource = nil }
            return state.resource
        }
    }

    /// Takes the outcome: moves to finished and returns the reporter to report through, once. A claimed
    /// request finishes only with `claimed`, an unclaimed one only without, so that a plain answer never
    /// overtakes the one being prepared. `releasingResource` drops the held resource (a native load is over);
    /// an in-stream ad keeps it to play.
    func takeOutcome(claimed: Bool, releasingResource: Bool = true) -> Reporter? {
        state.withLock { state in
            guard state.phase == (claimed ? .preparing : .loading) else { return nil }
            state.phase = .finished
            if releasingResource { state.resource = nil }
            return state.reporter
        }
    }

    /// The reporter after the outcome, for the events that follow it (an in-stream ad's playback); `nil` before
    /// the outcome and after ``stop()``.
    var reporterAfterOutcome: Reporter? {
        state.withLock { state in state.phase == .finished ? state.reporter : nil }
    }
}
