import GoogleCustomNativeAdapter
import MediationConformance
import MediationCore
import MyTargetAdapters
import NetworkSandbox
import TAMediaAdapter

extension NetworkStartupConformanceSubject {
    /// myTarget's configuration over ``MyTargetSandboxManager``.
    public static let myTargetSandbox = NetworkStartupConformanceSubject(name: "myTarget") { scenario, clock in
        let manager = MyTargetSandboxManager(
            script: SandboxStartupScript(scenario, failure: MyTargetSandboxManager.startFailure), clock: clock)
        return NetworkStartupConformanceNetwork(
            configuration: MyTargetAdapterConfiguration(manager: manager), failure: MyTargetSandboxManager.startFailure,
            sdkStartCount: { manager.initCount }, isSDKStarted: { manager.isStarted },
            receivedParameters: { $0.isTestMode == manager.debugMode })
    }

    /// Google's configuration over ``SandboxGoogleMobileAds``, with two test devices.
    public static let googleSandbox = NetworkStartupConformanceSubject(
        name: "Google",
        sampleParameters: NetworkStartParameters(
            values: [GoogleCustomNativeAdapterConfiguration.testDeviceIdentifiersKey: "device-a, device-b"],
            isTestMode: true)
    ) { scenario, clock in
        let sdk = SandboxGoogleMobileAds(
            script: SandboxStartupScript(scenario, failure: SandboxGoogleMobileAds.startFailure), clock: clock)
        return NetworkStartupConformanceNetwork(
            configuration: GoogleCustomNativeAdapterConfiguration(sdk: sdk),
            failure: SandboxGoogleMobileAds.startFailure,
            sdkStartCount: { sdk.startCount }, isSDKStarted: { sdk.isStarted },
            receivedParameters: { _ in sdk.testDeviceIdentifiers == ["device-a", "device-b"] })
    }

    /// TAMedia's configuration: no SDK-wide start.
    public static let taMedia = NetworkStartupConformanceSubject(name: "TAMedia", hasStart: false) { _, _ in
        NetworkStartupConformanceNetwork(
            configuration: TAMediaAdapterConfiguration(),
            failure: NetworkErrorInfo(domain: "TAMedia", code: 0, message: "no SDK start"), sdkStartCount: { 0 },
            isSDKStarted: { true }, receivedParameters: { _ in true })
    }
}
