import MediationBridge

/// The Google Mobile Ads SDK's start-up (`GADMobileAds.sharedInstance`): the real SDK on iOS (see the README's
/// glue), `NetworkSandbox.SandboxGoogleMobileAds` on Linux.
///
/// Rules for conformers: ``start(completion:)`` calls back with `nil` once the SDK is ready, or with the SDK's
/// error (GMA reports its own adapter's `GADAdapterStatus` as not ready with a description).
public protocol GoogleSDKMobileAds: Sendable {
    /// Sets the test device identifiers (`requestConfiguration.testDeviceIdentifiers`).
    func setTestDeviceIdentifiers(_ identifiers: [String])

    /// Starts the SDK (`start(completionHandler:)`); `nil` when it is ready, else why not.
    func start(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void)
}
