import MediationConformance
import MediationCore

extension FaultyNativeCustomEvent: AdapterVersionReporting {
    var networkName: String { "Faulty" }
    /// The subject's version, except under `.misreportsVersion`.
    var adapterVersion: String {
        switch fault {
        case .misreportsVersion: "9.9.9.9"
        case .missingVersion: ""
        default: "0.1.0.0"
        }
    }
    var networkSDKVersion: String { ReferenceSandboxNetwork.sdkVersion }
}
