import Foundation
import Testing

@testable import MediationCLI

/// `mediation vast` lists, per failure, the Error URLs a player would fire with the failure's code; and a VAST 4
/// creative holding a Linear, NonLinearAds and CompanionAds reports all three.
@Suite struct VASTCommandErrorURLTests {
    private func report(_ arguments: [String], input: String) async throws -> (text: String, status: Int32) {
        guard case .success(let options) = VASTCommand.parse(arguments) else {
            Issue.record("bad arguments \(arguments)")
            return ("", 2)
        }
        return await VASTCommand.report(for: options, standardInput: { Data(input.utf8) })
    }

    static let emptyCreatives = """
        <VAST version="4.3"><Ad id="e"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
        <Error><![CDATA[https://t.example/error?code=[ERRORCODE]&cb=[CACHEBUSTING]]]></Error>
        <Error><![CDATA[https://t.example/e2/%5BERRORCODE%5D]]></Error>
        <Impression>https://t.example/imp</Impression><Creatives></Creatives></InLine></Ad></VAST>
        """

    @Test func anInLineWithoutACreativeIs101WithTheErrorURLsItWouldFire() async throws {
        let (text, status) = try await report(["-", "--json"], input: Self.emptyCreatives)
        #expect(status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.compactMap { $0["code"] as? Int } == [101])
        #expect(
            errors.first?["errorURLs"] as? [String] == [
                "https://t.example/error?code=101&cb=%5BCACHEBUSTING%5D", "https://t.example/e2/101",
            ])
        let (plain, _) = try await report(["-"], input: Self.emptyCreatives)
        #expect(plain.contains("VAST 101 (VAST schema validation error)"))
        #expect(plain.contains("    would fire: https://t.example/e2/101"))
    }

    @Test func aFailedChainListsItsWrappersErrorURLs() async throws {
        let wrapper = """
            <VAST version="4.3"><Ad id="w"><Wrapper><AdSystem>S</AdSystem>
            <Error>https://t.example/wrapper-error?c=[ERRORCODE]</Error>
            <VASTAdTagURI>http://127.0.0.1:9/nothing-listens-here</VASTAdTagURI></Wrapper></Ad></VAST>
            """
        let (text, status) = try await report(["-", "--json"], input: wrapper)
        #expect(status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.first?["code"] as? Int == 301)
        #expect(errors.first?["errorURLs"] as? [String] == ["https://t.example/wrapper-error?c=301"])
    }

    @Test func aVAST4CreativeWithLinearNonLinearAndCompanionsReportsAllThree() async throws {
        let (text, status) = try await report(["-", "--json"], input: VASTCommandErrorURLTests.fullCreative)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let creative = try #require(
            ((object["ads"] as? [[String: Any]])?.first?["creatives"] as? [[String: Any]])?.first)
        #expect(creative["kind"] as? String == "linear+nonlinear+companion")
        #expect(creative["kinds"] as? [String] == ["linear", "nonlinear", "companion"])
        #expect((creative["tracking"] as? [String: [String]])?["start"] == ["https://t.example/linear-start"])
        let nonLinear = try #require(creative["nonLinear"] as? [String: Any])
        #expect((nonLinear["tracking"] as? [String: [String]])?["acceptInvitation"] == ["https://t.example/accept"])
        let companions = try #require(creative["companions"] as? [String: Any])
        #expect((companions["tracking"] as? [String: [String]])?["creativeView"] == ["https://t.example/view"])
    }

    static let fullCreative = """
        <VAST version="4.3"><Ad id="full"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
        <Impression>https://t.example/imp</Impression><Creatives>
        <Creative id="all"><UniversalAdId idRegistry="ad-id.org">ABCD1234</UniversalAdId>
        <Linear><Duration>00:00:10</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example/a.mp4</MediaFile>
        </MediaFiles><TrackingEvents><Tracking event="start">https://t.example/linear-start</Tracking></TrackingEvents>
        </Linear>
        <NonLinearAds><TrackingEvents><Tracking event="acceptInvitation">https://t.example/accept</Tracking></TrackingEvents>
        <NonLinear width="300" height="50"><StaticResource creativeType="image/png">https://cdn.example/o.png</StaticResource>
        <NonLinearClickTracking>https://t.example/overlay-click</NonLinearClickTracking></NonLinear></NonLinearAds>
        <CompanionAds required="any"><Companion width="300" height="250">
        <StaticResource creativeType="image/png">https://cdn.example/c.png</StaticResource>
        <TrackingEvents><Tracking event="creativeView">https://t.example/view</Tracking></TrackingEvents>
        </Companion></CompanionAds>
        </Creative></Creatives></InLine></Ad></VAST>
        """
}
