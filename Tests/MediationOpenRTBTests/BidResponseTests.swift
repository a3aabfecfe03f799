import Foundation
import MediationBridge
import MediationOpenRTB
import Testing

@Suite struct BidResponseTests {
    static let adm = #"{\"assets\":[{\"id\":1,\"title\":{\"text\":\"T\"}}],\"link\":{\"url\":\"https://a.example/\"}}"#

    static func response(bids: String, id: String = "req-1") -> Data {
        Data(#"{"id":"\#(id)","bidid":"resp-9","cur":"EUR","seatbid":[{"seat":"dsp","bid":[\#(bids)]}]}"#.utf8)
    }

    @Test func validBidsCarryEverythingTheAuctionNeeds() throws {
        let body = Self.response(
            bids:
                #"{"id":"b1","impid":"1","price":1.75,"adm":"\#(Self.adm)","nurl":"https://n.example/win?p=${AUCTION_PRICE}","#
                + #""lurl":"https://n.example/loss?r=${AUCTION_LOSS}","burl":"https://n.example/bill","exp":300,"crid":"cr-1","#
                + #""adid":"ad-1","adomain":["pears.example.com"]}"#)
        let response = try OpenRTBBidResponse.parse(data: body, requestID: "req-1", impressionIDs: ["1"])
        #expect(response.dropped.isEmpty)
        let bid = try #require(response.bids.first)
        #expect(bid.id == "b1" && bid.impressionID == "1" && bid.price == 1.75 && bid.currency == "EUR")
        #expect(bid.winNoticeURL == "https://n.example/win?p=${AUCTION_PRICE}")
        #expect(bid.lossNoticeURL == "https://n.example/loss?r=${AUCTION_LOSS}")
        #expect(bid.billingNoticeURL == "https://n.example/bill")
        #expect(bid.expirySeconds == 300 && bid.creativeID == "cr-1" && bid.adID == "ad-1")
        #expect(bid.advertiserDomains == ["pears.example.com"] && bid.seat == "dsp" && bid.auctionID == "req-1")
        let win = AuctionMacroExpander.expand(bid.winNoticeURL ?? "", with: bid.macroValues(clearingPrice: 1.2))
        #expect(win == "https://n.example/win?p=1.2")
        #expect(bid.macroValues().bidID == "resp-9")
    }

    @Test func badBidsAreDroppedWithTheirPaths() throws {
        let body = Self.response(
            bids: #"{"id":"b1","impid":"2","price":1,"adm":"x"},{"id":"b2","impid":"1","price":-1,"adm":"x"},"#
                + #"{"id":"b3","impid":"1","price":1},{"id":"b4","impid":"1","price":"1","adm":"x"},"#
                + #"{"id":"b5","impid":"1","price":0.5,"adm":"\#(Self.adm)"}"#)
        let response = try OpenRTBBidResponse.parse(data: body, requestID: "req-1", impressionIDs: ["1"])
        #expect(response.bids.map(\.id) == ["b5"])
        #expect(
            response.dropped.map(\.path) == [
                "$.seatbid[0].bid[0].impid", "$.seatbid[0].bid[1].price", "$.seatbid[0].bid[2].adm",
                "$.seatbid[0].bid[3].price",
            ])
    }

    @Test func aResponseForAnotherRequestOrNotJSONIsInvalid() {
        #expect(
            throws: MediationError.invalidBidMarkup(
                path: "$.id", reason: #"the response is for request "other", not "req-1""#)
        ) {
            try OpenRTBBidResponse.parse(data: Self.response(bids: "", id: "other"), requestID: "req-1")
        }
        #expect(throws: MediationError.self) { try OpenRTBBidResponse.parse(data: Data("<html>".utf8)) }
    }

    @Test func aNoBidResponseKeepsItsReason() throws {
        let response = try OpenRTBBidResponse.parse(data: Data(#"{"id":"req-1","nbr":2}"#.utf8), requestID: "req-1")
        #expect(response.bids.isEmpty && response.noBidReasonCode == 2)
    }
}

@Suite struct BidRequestPrivacyTests {
    static let configuration = OpenRTBBidRequestConfiguration(
        nativeRequest: NativeMarkupFixtures.request, timeoutMilliseconds: 450, appBundle: "com.example.pears",
        storedRequestID: "stored-1")
    static let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

    private func json(_ request: OpenRTBBidRequest) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: request.jsonData()) as? [String: Any])
    }

    @Test func consentSignalsMapToRegsUserAndDevice() throws {
        let privacy = try PrivacySettings(
            gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
            usPrivacyString: "1YNN", gppString: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
            gppSectionIDs: [2, 7], isChildDirected: true, trackingAuthorization: .denied)
        let json = try json(
            OpenRTBBidRequest(
                id: "r1", configuration: Self.configuration, privacy: privacy, advertisingIdentifier: Self.idfa))
        let regs = try #require(json["regs"] as? [String: Any])
        #expect(regs["gdpr"] as? Int == 1)
        #expect(regs["coppa"] as? Int == 1)
        #expect(regs["us_privacy"] as? String == "1YNN")
        #expect(regs["gpp"] as? String == privacy.gppString)
        #expect(regs["gpp_sid"] as? [Int] == [2, 7])
        #expect((json["user"] as? [String: Any])?["consent"] as? String == privacy.tcfConsentString)
        let device = try #require(json["device"] as? [String: Any])
        #expect(device["lmt"] as? Int == 1)
        #expect(device["ifa"] == nil)
        #expect((device["ext"] as? [String: Any])?["atts"] as? Int == 2)
        #expect(json["tmax"] as? Int == 450)
        let imp = try #require((json["imp"] as? [[String: Any]])?.first)
        #expect((imp["native"] as? [String: Any])?["request"] as? String == NativeMarkupFixtures.request.jsonString)
    }

    @Test func theAdvertisingIDGoesOnlyWhenTrackingIsAuthorised() throws {
        let open = try PrivacySettings(trackingAuthorization: .authorized)
        let device = try #require(
            try json(
                OpenRTBBidRequest(configuration: Self.configuration, privacy: open, advertisingIdentifier: Self.idfa))[
                    "device"] as? [String: Any])
        #expect(device["ifa"] as? String == Self.idfa)
        #expect(device["lmt"] as? Int == 0)
        #expect((device["ext"] as? [String: Any])?["atts"] as? Int == 3)
        for barred in [
            try PrivacySettings(trackingAuthorization: .notDetermined),
            try PrivacySettings(canCollectPersonalInfo: false, trackingAuthorization: .authorized),
            try PrivacySettings(isChildDirected: true, trackingAuthorization: .authorized),
        ] {
            let json = try json(
                OpenRTBBidRequest(configuration: Self.configuration, privacy: barred, advertisingIdentifier: Self.idfa))
            #expect((json["device"] as? [String: Any])?["ifa"] == nil)
            #expect(json["regs"] as? [String: Any] != nil)
        }
    }

    @Test func unknownGDPRIsLeftOutAndPrebidStoredRequestIsSent() throws {
        let json = try json(OpenRTBBidRequest(configuration: Self.configuration, privacy: .unrestricted))
        let regs = try #require(json["regs"] as? [String: Any])
        #expect(regs["gdpr"] == nil && regs["coppa"] as? Int == 0)
        #expect(json["user"] == nil)
        let imp = try #require((json["imp"] as? [[String: Any]])?.first)
        let ext = try #require(imp["ext"] as? [String: Any])
        #expect(((ext["prebid"] as? [String: Any])?["storedrequest"] as? [String: Any])?["id"] as? String == "stored-1")
        #expect((json["app"] as? [String: Any])?["bundle"] as? String == "com.example.pears")
    }
}
