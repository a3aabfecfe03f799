import Foundation
import MediationCore
import Testing

@testable import MediationCLI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `mediation demo --url` with privacy and targeting options against `scripts/serve-demo.sh`: the request the
/// server received (its own hit log) carries GPP, the GPP sections and the ATT status, and no age or gender under
/// a sale opt-out.
@Suite(.serialized) struct DemoPrivacyTests {
    @Test("a sale opt-out sends GPP, its sections and ATT, and no age or gender")
    func saleOptOutOnTheWire() async throws {
        let server = try await DemoServer()
        let url = "http://127.0.0.1:\(server.port)/ad/default-ad-response"
        let status = await DemoCommand.run([
            "--url", url, "--json", "--us-privacy", "1YYN", "--gpp", "DBABzw~1YYN", "--gpp-sid", "7,8", "--att",
            "authorized", "--age", "34", "--gender", "female", "--language", "ru",
        ])
        #expect(status == 0)
        let queries = try await server.adRequestQueries()
        #expect(queries.count == 1)
        let query = try #require(queries.first)
        #expect(query["id"] == "demo")
        #expect(query["us_privacy"] == "1YYN")
        #expect(query["gpp"] == "DBABzw~1YYN")
        #expect(query["gpp_sid"] == "7,8")
        #expect(query["att"] == "3")
        #expect(query["lang"] == "ru")
        #expect(query["user_age"] == nil)
        #expect(query["user_gender"] == nil)
    }

    @Test("without an opt-out the same targeting goes, and the flags reach the server")
    func personalTargetingWhenAllowed() async throws {
        let server = try await DemoServer()
        let parsed = try #require(
            try DemoCommand.parse([
                "--url", "http://127.0.0.1:\(server.port)/ad/default-ad-response", "--us-privacy", "1YNN", "--att",
                "2", "--age", "34", "--gender", "female", "--ad-unit", "unit-7",
            ]).get())
        let request = try DemoCommand.requestURL(try #require(parsed.url), options: parsed)
        _ = try await DemoCommand.fetch(request)
        var query = try #require(try await server.adRequestQueries().first)
        #expect(query["att"] == "2" && query["lmt"] == "1" && query["id"] == "unit-7")
        #expect(query["user_age"] == nil, "ATT denied withholds age")

        let allowed = try #require(
            try DemoCommand.parse([
                "--url", "http://127.0.0.1:\(server.port)/ad/default-ad-response", "--us-privacy", "1YNN", "--att",
                "authorized", "--age", "34", "--gender", "female", "--under-age", "--no-personalization",
            ]).get())
        #expect(allowed.privacy.isUnderAgeOfConsent && allowed.privacy.disallowsPersonalization)
        query = Dictionary(
            (URLComponents(
                url: try DemoCommand.requestURL(try #require(allowed.url), options: allowed),
                resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
            uniquingKeysWith: { first, _ in first })
        #expect(query["tfua"] == "1" && query["npa"] == "1" && query["user_age"] == nil)

        var open = allowed
        open.privacy.isUnderAgeOfConsent = false
        open.privacy.disallowsPersonalization = false
        let openURL = try DemoCommand.requestURL(try #require(open.url), options: open)
        #expect(openURL.query?.contains("user_age=34&user_gender=female") == true)
    }

    @Test func badPrivacyOptionsAreUsageErrors() {
        for (arguments, message) in [
            (["--att", "maybe"], "--att needs notDetermined, restricted, denied, authorized or 0...3, got 'maybe'"),
            (["--gpp-sid", "7,x"], "--gpp-sid needs comma-separated section IDs (7,8), got '7,x'"),
            (["--gender", "other"], "--gender needs male, female or unknown, got 'other'"),
            (["--us-privacy"], "--us-privacy needs a value"),
        ] {
            guard case .failure(let error) = DemoCommand.parse(arguments) else {
                Issue.record("\(arguments) must be a usage error")
                continue
            }
            #expect(error.text == message)
        }
        guard case .failure(let error) = DemoCommand.parse(["--gpp-sid", "7"]) else {
            Issue.record("section IDs without a GPP string must be refused")
            return
        }
        #expect(error.text.hasPrefix("--gpp / --gpp-sid:"))
    }
}
