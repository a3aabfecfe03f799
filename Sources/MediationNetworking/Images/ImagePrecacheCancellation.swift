/// Cancels one ``URLSessionImagePrecacher/startPrecaching(_:completion:)`` call.
public struct ImagePrecacheCancellation: Sendable {
    private let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    /// Ends the call with `MediationError.cancelled` unless it already completed, and drops the
    /// downloads only it waited for. Calling it again does nothing.
    public func cancel() {
        action()
    }
}
