import MediationSupport

/// The once-only completion of one network start: the first final status is passed on, anything after it (an
/// SDK that calls back twice, a late error after success) and any non-final status are dropped.
///
/// Adapters wrap the completion they receive in ``NetworkAdapterConfiguration/start(with:completion:)`` in one
/// when their SDK may call back more than once:
///
/// ```swift
/// struct AcmeStart {
///     /// The SDK's start call, which may call back more than once.
///     let startSDK: @Sendable (@escaping @Sendable (NetworkErrorInfo?) -> Void) -> Void
///
///     func start(with parameters: NetworkStartParameters, completion: @escaping @Sendable (NetworkStartStatus) -> Void) {
///         let once = NetworkStartCompletion(completion)
///         startSDK { error in once.report(error.map { .failed(.networkError($0)) } ?? .started) }
///     }
/// }
/// ```
public final class NetworkStartCompletion: Sendable {
    private let completion: Locked<(@Sendable (NetworkStartStatus) -> Void)?>

    /// Wraps `completion`.
    public init(_ completion: @escaping @Sendable (NetworkStartStatus) -> Void) {
        self.completion = Locked(completion)
    }

    /// Passes `status` on if it is final and nothing was passed on before.
    ///
    /// - Returns: whether `status` was passed on.
    @discardableResult
    public func report(_ status: NetworkStartStatus) -> Bool {
        guard status.isFinal else { return false }
        let pending = completion.withLock { completion in
            defer { completion = nil }
            return completion
        }
        guard let pending else { return false }
        pending(status)
        return true
    }
}
