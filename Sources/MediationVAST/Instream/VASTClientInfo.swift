import Foundation
import MediationBridge

/// What the app and the device tell VAST servers through the VAST 4.1+ client macros, given once to
/// ``VASTInstreamCustomEvent``: `[APPBUNDLE]`, `[STOREID]`, `[STOREURL]`, `[IFA]` and `[IFATYPE]` (the IDFA),
/// `[DEVICEUA]`.
///
/// Give what the app has; each request and ping sends a value only as its `PrivacySettings` allow (the privacy
/// matrix's in-stream VAST column, docs/privacy.md): the IDFA only when ATT is `authorized` and personal targeting
/// is allowed (`-2` otherwise), the others always (they say nothing about the user). A value not given is `-1`.
public struct VASTClientInfo: Sendable, Hashable {
    /// Nothing given: every client macro is `-1`.
    public static let none = VASTClientInfo(checkedAdvertisingIdentifier: nil)

    /// `[APPBUNDLE]`: the app's bundle identifier, such as `com.example.player`.
    public var appBundle: String?
    /// `[STOREID]`: the app's App Store ID, such as `886445756`.
    public var storeID: String?
    /// `[STOREURL]`: the app's App Store URL.
    public var storeURL: URL?
    /// The IDFA as an upper-case UUID (`[IFA]`, with `[IFATYPE]` `idfa`), or `nil` (also for the all-zero IDFA).
    public private(set) var advertisingIdentifier: String?
    /// `[DEVICEUA]`: the device's user agent.
    public var userAgent: String?

    /// Creates client data, checking the IDFA.
    ///
    /// - Throws: `MediationError.invalidConfiguration` naming `advertisingIdentifier` when it is not a UUID.
    public init(
        appBundle: String? = nil, storeID: String? = nil, storeURL: URL? = nil, advertisingIdentifier: String? = nil,
        userAgent: String? = nil
    ) throws(MediationError) {
        var checked: String?
        if let advertisingIdentifier {
            guard let uuid = UUID(uuidString: advertisingIdentifier) else {
                throw .invalidConfiguration(
                    path: "advertisingIdentifier", reason: "expected a UUID, got \"\(advertisingIdentifier)\"")
            }
            checked = uuid.uuidString == "00000000-0000-0000-0000-000000000000" ? nil : uuid.uuidString
        }
        self.init(checkedAdvertisingIdentifier: checked)
        self.appBundle = appBundle
        self.storeID = storeID
        self.storeURL = storeURL
        self.userAgent = userAgent
    }

    private init(checkedAdvertisingIdentifier: String?) {
        advertisingIdentifier = checkedAdvertisingIdentifier
    }
}
