import GoogleCustomNativeAdapter
import MediationConformance
import MediationCore
import MediationOpenRTB
import MediationVAST
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
    public static let taMedia = withoutStart("TAMedia") { TAMediaAdapterConfiguration() }

    /// OpenRTB's configuration: HTTP and markup, no SDK to start.
    public static let openRTB = withoutStart("OpenRTB") { OpenRTBAdapterConfiguration() }

    /// VAST's configuration: a tag fetched and played, no SDK to start.
    public static let vast = withoutStart("VAST") { VASTAdapterConfiguration() }

    /// A network with no SDK-wide start (its configuration reports `not_needed`): no stand-in to watch.
    private static func withoutStart(
        _ name: String, _ configuration: @escaping @Sendable () -> any NetworkAdapterConfiguration
    ) -> NetworkStartupConformanceSubject {
        NetworkStartupConformanceSubject(name: name, hasStart: false) { _, _ in
            NetworkStartupConformanceNetwork(
                configuration: configuration(),
                failure: NetworkErrorInfo(domain: name, code: 0, message: "no SDK start"), sdkStartCount: { 0 },
                isSDKStarted: { true }, receivedParameters: { _ in true })
        }
    }
}
