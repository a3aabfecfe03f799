import MediationSupport

/// A value delivered once by a callback and awaited by one task, whichever comes first.
package final class OneShotResult<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case delivered(Value)
    }

    private let state = Locked(State.empty)

    /// An empty result.
    package init() {}

    /// Delivers `value`; later deliveries are ignored.
    package func deliver(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            switch state {
            case .empty:
                state = .delivered(value)
                return nil
            case .waiting(let continuation):
                state = .delivered(value)
                return continuation
            case .delivered:
                return nil
            }
        }
        waiter?.resume(returning: value)
    }

    /// The value, once delivered.
    package var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Value? in
                    switch state {
                    case .empty, .waiting:
                        state = .waiting(continuation)
                        return nil
                    case .delivered(let value):
                        return value
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}
