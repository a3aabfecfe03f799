import MediationBridge

/// The myTarget SDK's process-wide set-up (`MTRGManager`): the real SDK on iOS (see the README's glue),
/// `NetworkSandbox.MyTargetSandboxManager` on Linux.
///
/// Rules for conformers: ``initSDK(completion:)`` calls back with `nil` once the SDK is ready, or with the SDK's
/// error. The real `MTRGManager.initSdk()` returns at once, so its glue calls back right after it.
public protocol MyTargetSDKManager: Sendable {
    /// Turns the SDK's debug mode on or off (`MTRGManager.setDebugMode:`, the seed's test switch).
    func setDebugMode(_ enabled: Bool)

    /// Initialises the SDK (`MTRGManager.initSdk()`); `nil` when it is ready, else why not.
    func initSDK(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void)
}
