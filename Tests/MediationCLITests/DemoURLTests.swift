import Foundation
import MediationCore
import Testing

@testable import MediationCLI

/// `mediation demo --url` against `scripts/serve-demo.sh` on loopback: the two commands the docs give.
@Suite(.serialized) struct DemoURLTests {
    @Test func theDemoLoadsTheServedDefaultResponseOverHTTP() async throws {
        let server = try await DemoServer()
        defer { withExtendedLifetime(server) {} }
        let port = server.port
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/ad/default-ad-response"))
        let parsed = try DemoCommand.parse(["--url", url.absoluteString]).get()
        #expect(parsed?.url == url)
        let response = try await DemoCommand.fetch(url)
        let offline = try AdResponse.parse(json: DefaultAdResponse.load().0)
        #expect(response.lines == offline.lines)
        let outcome = try DemoCommand.runWaterfall(response, strategy: .default)
        #expect(outcome.result.ad?.source.customEventIdentifier == "GoogleCustomNativeCustomEvent")
    }

    @Test func badURLOptionsAreUsageErrors() {
        for (arguments, message) in [
            (["--url"], "--url needs a URL"),
            (["--url", "ftp://example.com/ad"], "--url needs an http or https URL, got 'ftp://example.com/ad'"),
            (["--url", "http://127.0.0.1/ad", "--config", "x.json"], "--url and --config cannot be used together"),
        ] {
            guard case .failure(let error) = DemoCommand.parse(arguments) else {
                Issue.record("\(arguments) must be a usage error")
                continue
            }
            #expect(error.text == message)
        }
    }
}
