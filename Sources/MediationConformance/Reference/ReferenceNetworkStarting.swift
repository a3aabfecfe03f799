import MediationCore

/// The reference network SDK's start-up, as an adapter declares its network's: the real SDK's glue on a
/// device, ``ReferenceSandboxStarter`` in tests.
public protocol ReferenceNetworkStarting: Sendable {
    /// Starts the SDK with the application key and the test mode; `nil` when it is ready, else why not.
    func start(applicationKey: String?, testMode: Bool, completion: @escaping @Sendable (NetworkErrorInfo?) -> Void)
}
