import Foundation
import MediationBridge

/// The device data the host gives its OpenRTB bidders: the IDFA, the IDFV and the user agent
/// (``OpenRTBBidRequestConfiguration/device``).
///
/// Give what the device has; the bid request sends each value only as the request's ``PrivacySettings`` allow
/// (docs/privacy.md, the device table of the privacy matrix):
///
/// - the IDFA as `device.ifa` only when ATT is `authorized` and personal targeting is allowed;
/// - the IDFV as `device.ext.ifv` only when personal targeting is allowed and no IDFA goes;
/// - the user agent as `device.ua` (and the HTTP `User-Agent` header) always.
///
/// On iOS, read the IDFA with `ASIdentifierManager.shared().advertisingIdentifier.uuidString` when you build the
/// bidders for a load (it is all zeros until the user authorises tracking, which counts as no IDFA), the IDFV with
/// `UIDevice.current.identifierForVendor?.uuidString`, and the user agent from a `WKWebView`'s
/// `customUserAgent` or `navigator.userAgent`.
public struct OpenRTBDeviceInfo: Sendable, Hashable {
    /// No device data.
    public static let none = OpenRTBDeviceInfo(checked: nil, vendorIdentifier: nil, userAgent: nil)

    /// The IDFA as an upper-case UUID, or `nil` (also for the all-zero IDFA).
    public private(set) var advertisingIdentifier: String?
    /// The IDFV as an upper-case UUID, or `nil`.
    public private(set) var vendorIdentifier: String?
    /// The user agent, or `nil`.
    public private(set) var userAgent: String?

    /// The longest user agent accepted, in characters.
    public static let maximumUserAgentLength = 1024

    /// Creates device data, checking every value.
    ///
    /// - Parameters:
    ///   - advertisingIdentifier: the IDFA, a UUID; the all-zero UUID is taken as no IDFA.
    ///   - vendorIdentifier: the IDFV, a UUID; the all-zero UUID is taken as no IDFV.
    ///   - userAgent: the user agent: 1 to ``maximumUserAgentLength`` characters without control characters.
    /// - Throws: `MediationError.invalidConfiguration` naming the field (`advertisingIdentifier`,
    ///   `vendorIdentifier`, `userAgent`) when a value is not one of those.
    public init(
        advertisingIdentifier: String? = nil, vendorIdentifier: String? = nil, userAgent: String? = nil
    ) throws(MediationError) {
        self.init(
            checked: try Self.identifier(advertisingIdentifier, path: "advertisingIdentifier"),
            vendorIdentifier: try Self.identifier(vendorIdentifier, path: "vendorIdentifier"),
            userAgent: try Self.userAgent(userAgent))
    }

    private init(checked advertisingIdentifier: String?, vendorIdentifier: String?, userAgent: String?) {
        self.advertisingIdentifier = advertisingIdentifier
        self.vendorIdentifier = vendorIdentifier
        self.userAgent = userAgent
    }

    /// This device data with the IDFA and the user agent a single request names instead, when it names them;
    /// a value that does not pass the initialiser's checks is dropped rather than sent.
    package func overriding(advertisingIdentifier: String?, userAgent: String?) -> OpenRTBDeviceInfo {
        var copy = self
        if let advertisingIdentifier {
            copy.advertisingIdentifier = try? Self.identifier(advertisingIdentifier, path: "advertisingIdentifier")
        }
        if let userAgent { copy.userAgent = try? Self.userAgent(userAgent) }
        return copy
    }

    /// `value` as an upper-case UUID, `nil` for none or all zeros.
    private static func identifier(_ value: String?, path: String) throws(MediationError) -> String? {
        guard let value else { return nil }
        guard let uuid = UUID(uuidString: value) else {
            throw .invalidConfiguration(path: path, reason: "not a UUID")
        }
        let text = uuid.uuidString
        return text == "00000000-0000-0000-0000-000000000000" ? nil : text
    }

    private static func userAgent(_ value: String?) throws(MediationError) -> String? {
        guard let value else { return nil }
        guard !value.isEmpty, value.count <= maximumUserAgentLength else {
            throw .invalidConfiguration(
                path: "userAgent", reason: "must be 1 to \(maximumUserAgentLength) characters long")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidConfiguration(path: "userAgent", reason: "holds a control character")
        }
        return value
    }
}
