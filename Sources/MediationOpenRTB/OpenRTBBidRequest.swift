import Foundation
import MediationBridge

/// An OpenRTB 2.6 bid request for one native impression, as Prebid Server's `/openrtb2/auction` takes it.
///
/// Build it with ``init(id:configuration:privacy:targeting:advertisingIdentifier:userAgent:)``, which maps the
/// privacy signals (docs/openrtb.md, "Privacy mapping") and sends the configuration's device and attribution data
/// as the privacy matrix allows (docs/privacy.md); encode it with ``jsonData()``.
public struct OpenRTBBidRequest: Sendable, Hashable, Codable {
    /// The request's ID (`${AUCTION_ID}`).
    public var id: String
    /// The one impression.
    public var imp: [Impression]
    /// The app.
    public var app: App
    /// The device.
    public var device: Device
    /// The user, when there is consent or data to send.
    public var user: User?
    /// The regulations in force.
    public var regs: Regulations
    /// The time the bidder has, in milliseconds.
    public var tmax: Int
    /// The currencies bids are asked in.
    public var cur: [String]
    /// The auction type: 1, first price.
    public var at: Int
    /// 1 for a test request, absent otherwise.
    public var test: Int?

    /// The impression.
    public struct Impression: Sendable, Hashable, Codable {
        /// The impression's ID (`${AUCTION_IMP_ID}`): `1`.
        public var id: String
        /// The native object.
        public var native: Native
        /// The ad unit.
        public var tagid: String?
        /// The floor price.
        public var bidfloor: Double?
        /// The floor's currency.
        public var bidfloorcur: String?
        /// 1: creatives must use https.
        public var secure: Int
        /// The extension: Prebid's stored request (`prebid.storedrequest.id`) and the SKAdNetwork data (`skadn`:
        /// `versions`, `sourceapp`, `skadnetids`), when configured.
        public var ext: JSONValue?
    }

    /// The native object of an impression.
    public struct Native: Sendable, Hashable, Codable {
        /// The Native request as JSON text.
        public var request: String
        /// The Native version: `1.2`.
        public var ver: String
    }

    /// The app.
    public struct App: Sendable, Hashable, Codable {
        /// The bundle or store ID.
        public var bundle: String
        /// The name.
        public var name: String?
        /// The store URL.
        public var storeurl: String?
        /// The publisher (Prebid account).
        public var publisher: Publisher?
    }

    /// The publisher of an app.
    public struct Publisher: Sendable, Hashable, Codable {
        /// The publisher or Prebid account ID.
        public var id: String
    }

    /// The device.
    public struct Device: Sendable, Hashable, Codable {
        /// The user agent, when given.
        public var ua: String?
        /// The advertising ID (IDFA), only when ATT is authorised and personal targeting allowed.
        public var ifa: String?
        /// 1 when tracking is limited (ATT not authorised, or personal targeting withheld); 0 when the IDFA may go.
        public var lmt: Int
        /// The operating system.
        public var os: String
        /// The language, ISO 639-1.
        public var language: String?
        /// `atts`, the App Tracking Transparency status (0 not determined, 1 restricted, 2 denied, 3 authorised),
        /// and `ifv`, the IDFV when allowed.
        public var ext: DeviceExtension
    }

    /// The device extension (the IAB's SKAdNetwork extension for OpenRTB, as Prebid sends it).
    public struct DeviceExtension: Sendable, Hashable, Codable {
        /// The App Tracking Transparency status.
        public var atts: Int
        /// The IDFV, only when personal targeting is allowed and no IDFA is sent.
        public var ifv: String?
    }

    /// The user.
    public struct User: Sendable, Hashable, Codable {
        /// The TCF consent string.
        public var consent: String?
    }

    /// The regulations.
    public struct Regulations: Sendable, Hashable, Codable {
        /// 1 when the request is child-directed (COPPA).
        public var coppa: Int
        /// 1 when GDPR applies, 0 when not; absent when unknown.
        public var gdpr: Int?
        /// The US Privacy string (`us_privacy`).
        public var usPrivacy: String?
        /// The GPP string.
        public var gpp: String?
        /// The GPP section IDs (`gpp_sid`).
        public var gppSectionIDs: [Int]?

        private enum CodingKeys: String, CodingKey {
            case coppa, gdpr, gpp
            case usPrivacy = "us_privacy"
            case gppSectionIDs = "gpp_sid"
        }
    }

    /// Builds the request for `configuration` under `privacy`.
    ///
    /// - Parameters:
    ///   - id: the request's ID; a fresh UUID by default.
    ///   - configuration: the bidder's impression, timeout and app.
    ///   - privacy: the request's privacy signals; mapped as docs/openrtb.md says.
    ///   - targeting: the request's targeting; redacted for `privacy` here again, only the language is sent.
    ///   - advertisingIdentifier: the IDFA, instead of the configuration's ``OpenRTBDeviceInfo/advertisingIdentifier``
    ///     when given (a value that is not a UUID is dropped); sent only when tracking is authorised and personal
    ///     targeting allowed.
    ///   - userAgent: the device's user agent, instead of the configuration's when given.
    public init(
        id: String = UUID().uuidString, configuration: OpenRTBBidRequestConfiguration, privacy: PrivacySettings,
        targeting: Targeting = .none, advertisingIdentifier: String? = nil, userAgent: String? = nil
    ) {
        self.id = id
        var extensions: [String: JSONValue] = [:]
        if let stored = configuration.storedRequestID {
            extensions["prebid"] = .object(["storedrequest": .object(["id": .string(stored)])])
        }
        if let skadn = configuration.skAdNetwork, PrivacyDeviceField.skAdNetwork.isAllowed(in: privacy) {
            extensions["skadn"] = .object([
                "versions": .array(skadn.versions.map(JSONValue.string)), "sourceapp": .string(skadn.sourceApp),
                "skadnetids": .array(skadn.networkIdentifiers.map(JSONValue.string)),
            ])
        }
        imp = [
            Impression(
                id: "1",
                native: Native(
                    request: configuration.nativeRequest.jsonString, ver: configuration.nativeRequest.version),
                tagid: configuration.tagID, bidfloor: configuration.floorPrice,
                bidfloorcur: configuration.floorPrice == nil ? nil : configuration.currency, secure: 1,
                ext: extensions.isEmpty ? nil : .object(extensions))
        ]
        app = App(
            bundle: configuration.appBundle, name: configuration.appName, storeurl: configuration.appStoreURL,
            publisher: configuration.publisherID.map(Publisher.init(id:)))
        let given = configuration.device.overriding(advertisingIdentifier: advertisingIdentifier, userAgent: userAgent)
        let tracking = PrivacyDeviceField.advertisingIdentifier.isAllowed(in: privacy)
        let ifa = tracking ? given.advertisingIdentifier : nil
        let ifvAllowed = ifa == nil && PrivacyDeviceField.vendorIdentifier.isAllowed(in: privacy)
        let ifv = ifvAllowed ? given.vendorIdentifier : nil
        let ua = PrivacyDeviceField.userAgent.isAllowed(in: privacy) ? given.userAgent : nil
        let redacted = targeting.redacted(for: privacy, at: .openRTBBidders)
        device = Device(
            ua: ua, ifa: ifa, lmt: tracking ? 0 : 1, os: "iOS", language: redacted.language,
            ext: DeviceExtension(atts: privacy.trackingAuthorization.rawValue, ifv: ifv))
        user = privacy.tcfConsentString.map { User(consent: $0) }
        regs = Regulations(
            coppa: privacy.isChildDirected ? 1 : 0, gdpr: privacy.gdprApplies.map { $0 ? 1 : 0 },
            usPrivacy: privacy.usPrivacyString, gpp: privacy.gppString,
            gppSectionIDs: privacy.gppString == nil || privacy.gppSectionIDs.isEmpty ? nil : privacy.gppSectionIDs)
        tmax = configuration.timeoutMilliseconds
        cur = [configuration.currency]
        at = 1
        test = configuration.isTest ? 1 : nil
    }

    /// The request as JSON, keys sorted.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
