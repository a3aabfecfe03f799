import Foundation
import MediationCore
import MediationNetworking
import MediationOpenRTB
import MediationOpenRTBBidding
import MediationTesting
import Testing

/// The device and attribution data of the bid request the mediator's bidder path sends
/// (`mediate(adUnitID:from:bidders:)`), read from the loopback server's hit log, under every ATT status and each
/// privacy state of the matrix. The expectations are the policy stated apart from the matrix: the IDFA only with
/// ATT authorised and nothing withholding user IDs; the IDFV as its stand-in under the same privacy without ATT
/// authorised; the user agent and the SKAdNetwork data always.
@Suite struct BidderDeviceLoopbackTests {
    /// A privacy state of the matrix, applied over consent given (GDPR applies, a TCF string, US Privacy `1YNN`).
    enum PrivacyState: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case consentGiven
        case gdprWithoutConsent
        case ccpaOptOut
        case childDirected
        case underAgeOfConsent
        case noPersonalization

        var testDescription: String { rawValue }

        func settings(_ att: TrackingAuthorizationStatus) throws -> PrivacySettings {
            try PrivacySettings(
                gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
                usPrivacyString: self == .ccpaOptOut ? "1YYN" : "1YNN", isChildDirected: self == .childDirected,
                isUnderAgeOfConsent: self == .underAgeOfConsent, disallowsPersonalization: self == .noPersonalization,
                canCollectPersonalInfo: self != .gdprWithoutConsent, trackingAuthorization: att)
        }
    }

    static let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"
    static let idfv = "336F2BC0-245B-4242-8029-83762AB47B15"
    static let userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"

    static func configuration(timeoutMilliseconds: Int = 2000) throws -> OpenRTBBidRequestConfiguration {
        OpenRTBBidRequestConfiguration(
            nativeRequest: NativeMarkupFixtures.request, timeoutMilliseconds: timeoutMilliseconds,
            appBundle: "880047117",
            device: try OpenRTBDeviceInfo(
                advertisingIdentifier: idfa, vendorIdentifier: idfv, userAgent: userAgent),
            skAdNetwork: try OpenRTBSKAdNetwork(
                sourceApp: "880047117", networkIdentifiers: ["cstr6suwn9.skadnetwork", "4DZT52R2T5.skadnetwork"],
                versions: ["2.2", "3.0", "4.0"]))
    }

    /// The JSON object the server received on `/bid`.
    static func bidRequestBody(_ server: BidderServer) async throws -> [String: Any] {
        let bids = try await server.hits().filter { $0.path == "/bid" && $0.method == "POST" }
        #expect(bids.count == 1)
        let body = try #require(bids.first?.body)
        return try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
    }

    @Test(arguments: TrackingAuthorizationStatus.allCases, PrivacyState.allCases)
    func theBidRequestCarriesTheDeviceDataThePrivacyStateAllows(
        att: TrackingAuthorizationStatus, state: PrivacyState
    ) async throws {
        try await BidderServer.run { server in
            let mediator = try BidderTestMediator.make(privacy: try state.settings(att))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            let bidder = OpenRTBBidder(endpoint: server.url("/bid"), configuration: try Self.configuration())
            let result = await mediator.mediate(adUnitID: "openrtb-unit", from: source, bidders: [bidder])
            #expect(result.trace.notes.contains { $0.contains("1 bid(s) joined the auction") }, "\(result.trace.notes)")
            let body = try await Self.bidRequestBody(server)

            let personal = state == .consentGiven && att != .denied && att != .restricted
            let device = try #require(body["device"] as? [String: Any])
            let ext = try #require(device["ext"] as? [String: Any])
            #expect(device["ifa"] as? String == (personal && att == .authorized ? Self.idfa : nil))
            #expect(ext["ifv"] as? String == (personal && att != .authorized ? Self.idfv : nil))
            #expect(device["lmt"] as? Int == (personal && att == .authorized ? 0 : 1))
            #expect(ext["atts"] as? Int == att.rawValue)
            #expect(device["ua"] as? String == Self.userAgent)
            let imp = try #require((body["imp"] as? [[String: Any]])?.first)
            let skadn = try #require((imp["ext"] as? [String: Any])?["skadn"] as? [String: Any])
            #expect(skadn["versions"] as? [String] == ["2.2", "3.0", "4.0"])
            #expect(skadn["sourceapp"] as? String == "880047117")
            #expect(skadn["skadnetids"] as? [String] == ["cstr6suwn9.skadnetwork", "4dzt52r2t5.skadnetwork"])
            #expect(Set(skadn.keys) == ["versions", "sourceapp", "skadnetids"], "no skoverlay, no productpage")

            let regs = try #require(body["regs"] as? [String: Any])
            #expect(regs["gdpr"] as? Int == 1)
            #expect(regs["coppa"] as? Int == (state == .childDirected ? 1 : 0))
            #expect(regs["us_privacy"] as? String == (state == .ccpaOptOut ? "1YYN" : "1YNN"))
            #expect((body["user"] as? [String: Any])?["consent"] as? String != nil)
            let identifiers = [device["ifa"], ext["ifv"]].compactMap { $0 }
            #expect(personal || identifiers.isEmpty, "no user ID leaves without personal targeting")
        }
    }

    @Test func aBidderWithoutDeviceDataSendsNoneAndTheAllZeroIDFAIsNeverSent() async throws {
        try await BidderServer.run { server in
            let mediator = try BidderTestMediator.make(privacy: try PrivacySettings(trackingAuthorization: .authorized))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad"))
            var configuration = try Self.configuration()
            configuration.device = try OpenRTBDeviceInfo(
                advertisingIdentifier: "00000000-0000-0000-0000-000000000000", userAgent: Self.userAgent)
            configuration.skAdNetwork = nil
            let bidder = OpenRTBBidder(endpoint: server.url("/bid"), configuration: configuration)
            _ = await mediator.mediate(adUnitID: "openrtb-unit", from: source, bidders: [bidder])
            let body = try await Self.bidRequestBody(server)
            let device = try #require(body["device"] as? [String: Any])
            #expect(device["ifa"] == nil, "all zeros is the system's no")
            #expect((device["ext"] as? [String: Any])?["ifv"] == nil, "none given")
            #expect(device["lmt"] as? Int == 0 && device["ua"] as? String == Self.userAgent)
            let imp = try #require((body["imp"] as? [[String: Any]])?.first)
            #expect(imp["ext"] == nil, "no SKAdNetwork data configured, no stored request")
        }
    }
}
