import Foundation
import MediationCore
import MediationNetworking
import Testing

@Suite(.serialized) struct HTTPAdResponseSourceTests {
    private func source(_ server: LoopbackServer, _ path: String, timeout: Duration = .seconds(10))
        throws -> HTTPAdResponseSource
    {
        try HTTPAdResponseSource(endpoint: server.url(path), timeout: timeout)
    }

    private func fetch(_ source: HTTPAdResponseSource, _ url: URL) async -> Result<AdResponse, MediationError> {
        await withCheckedContinuation { continuation in
            source.fetchAdResponse(from: url) { continuation.resume(returning: $0) }
        }
    }

    @Test func theRequestCarriesTheUnitVersionsPrivacyAndOnlyAllowedTargeting() throws {
        let source = try HTTPAdResponseSource(
            endpoint: try #require(URL(string: "https://ads.example/m/ad?v=2")),
            adapterVersions: ["TAMedia": "0.1.0", "MyTarget": "0.2.0"])
        let targeting = try Targeting(age: 30, gender: .female, language: "ru")
        let consenting = try PrivacySettings(gdprApplies: true, tcfConsentString: "CPX", usPrivacyString: "1YNN")
        let url = try source.requestURL(adUnitID: "unit 1", privacy: consenting, targeting: targeting)
        let items = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems)
        let query = Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") })
        #expect(
            query == [
                "v": "2", "id": "unit 1", "nv": MediationKitVersion.current, "adapters": "MyTarget:0.2.0,TAMedia:0.1.0",
                "gdpr_applies": "1", "gdpr_consent": "CPX", "us_privacy": "1YNN", "user_age": "30",
                "user_gender": "female", "lang": "ru", "att": "0",
            ])

        let withheld = try PrivacySettings(gdprApplies: true, isChildDirected: true, canCollectPersonalInfo: false)
        let redacted = try source.requestURL(adUnitID: "u", privacy: withheld, targeting: targeting)
        let names = Set(URLComponents(url: redacted, resolvingAgainstBaseURL: false)?.queryItems?.map(\.name) ?? [])
        #expect(!names.contains("user_age"))
        #expect(!names.contains("user_gender"))
        #expect(names.isSuperset(of: ["coppa", "lang", "gdpr_applies"]))
    }

    @Test func aSaleOptOutSendsGPPAndATTButNoAgeOrGender() throws {
        let source = try HTTPAdResponseSource(endpoint: try #require(URL(string: "https://ads.example/ad")))
        var privacy = try PrivacySettings(
            usPrivacyString: "1YYN", gppString: "DBABzw~1YYN", gppSectionIDs: [7, 8],
            trackingAuthorization: .authorized)
        let targeting = try Targeting(age: 30, gender: .female, language: "ru")
        var url = try source.requestURL(adUnitID: "u", privacy: privacy, targeting: targeting)
        #expect(
            url.absoluteString == "https://ads.example/ad?id=u&nv=\(MediationKitVersion.current)&us_privacy=1YYN"
                + "&gpp=DBABzw~1YYN&gpp_sid=7,8&att=3&lang=ru")

        privacy.isUnderAgeOfConsent = true
        privacy.disallowsPersonalization = true
        privacy.trackingAuthorization = .restricted
        url = try source.requestURL(adUnitID: "u", privacy: privacy, targeting: targeting)
        #expect(url.query?.hasSuffix("&tfua=1&att=1&lmt=1&npa=1&lang=ru") == true, "\(url)")
    }

    @Test func badConfigurationIsNamed() throws {
        let ftp = try #require(URL(string: "ftp://ads.example/ad"))
        #expect(throws: MediationError.self) { try HTTPAdResponseSource(endpoint: ftp) }
        let endpoint = try #require(URL(string: "https://ads.example/ad"))
        do {
            _ = try HTTPAdResponseSource(endpoint: endpoint, maxResponseBytes: 0)
            Issue.record("a zero cap was accepted")
        } catch {
            #expect(error.description.contains("maxResponseBytes"))
        }
        let source = try HTTPAdResponseSource(endpoint: endpoint)
        #expect(
            throws: MediationError.invalidConfiguration(path: "adUnitID", reason: "expected a non-empty ad unit ID")
        ) {
            try source.requestURL(adUnitID: " ", privacy: .unrestricted, targeting: .none)
        }
    }

    @Test func aPageLoadsThroughARedirectAndKeepsItsURL() async throws {
        try await LoopbackServer.run { server in
            let source = try source(server, "/ad/page1")
            let url = server.url("/redirect?to=/ad/page2")
            let response = try await fetch(source, url).get()
            #expect(response.url == url)
            #expect(response.lines.map(\.customEventIdentifier) == ["TAMediaCustomNativeAdEvent"])
            #expect(try await server.paths(startingWith: "/").count == 2)
        }
    }

    @Test func failuresAreDistinctAndNameTheURL() async throws {
        try await LoopbackServer.run { server in
            let source = try source(server, "/ad/page1")
            for (path, expected) in [
                ("/status/500", MediationError.httpStatus(url: server.url("/status/500").absoluteString, status: 500)),
                ("/status/404", .httpStatus(url: server.url("/status/404").absoluteString, status: 404)),
                (
                    "/big?bytes=2000000",
                    .responseTooLarge(url: server.url("/big?bytes=2000000").absoluteString, limitBytes: 1 << 20)
                ),
                (
                    "/big?bytes=2000000&length=0",
                    .responseTooLarge(
                        url: server.url("/big?bytes=2000000&length=0").absoluteString, limitBytes: 1 << 20)
                ),
            ] {
                let result = await fetch(source, server.url(path))
                #expect(result.failure == expected, "\(path)")
            }
            let notJSON = await fetch(source, server.url("/notjson"))
            guard case .invalidResponseBody(let url, let reason) = notJSON.failure else {
                Issue.record("expected invalidResponseBody, got \(notJSON)")
                return
            }
            #expect(url == server.url("/notjson").absoluteString)
            #expect(reason.contains("not JSON"))
            let invalid = await fetch(source, server.url("/ad/invalid"))
            guard case .invalidConfiguration(let path, _) = invalid.failure else {
                Issue.record("expected the parser's error, got \(invalid)")
                return
            }
            #expect(path.hasPrefix("$"))
        }
    }

    @Test func aTruncatedBodyFailsCleanly() async throws {
        try await LoopbackServer.run { server in
            let source = try source(server, "/ad/page1")
            let result = await fetch(source, server.url("/truncated"))
            switch result.failure {
            case .requestFailed(let url, _), .invalidResponseBody(let url, _):
                #expect(url == server.url("/truncated").absoluteString)
            default:
                Issue.record("expected a failed request or an invalid body, got \(result)")
            }
        }
    }

    @Test func aSlowServerHitsTheRequestTimeout() async throws {
        try await LoopbackServer.run { server in
            let source = try source(server, "/ad/page1", timeout: .milliseconds(500))
            let url = server.url("/slow?seconds=3")
            let result = await fetch(source, url)
            #expect(result.failure == .requestTimedOut(url: url.absoluteString, after: .milliseconds(500)))
            #expect(result.failure?.loadResult == "timeout")
        }
    }

    @Test func aRefusedConnectionIsARequestFailure() async throws {
        try await LoopbackServer.run { server in
            let source = try source(server, "/ad/page1")
            try await server.refuse()
            let result = await fetch(source, server.url("/ad/page1"))
            try await server.accept()
            guard case .requestFailed(let url, _) = result.failure else {
                Issue.record("expected requestFailed, got \(result)")
                return
            }
            #expect(url == server.url("/ad/page1").absoluteString)
        }
    }
}

extension Result {
    /// The error, or `nil` on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
