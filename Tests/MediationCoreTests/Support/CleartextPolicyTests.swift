import Foundation
import MediationCore
import Testing

/// Cleartext `http` is refused by default for what the SDK fetches except to loopback hosts, as App Transport
/// Security does, and allowed when the host opts in; a click destination, which the user's browser opens, may be
/// `http`.
@Suite struct CleartextPolicyTests {
    @Test(arguments: [
        ("http://example.com/track", false), ("https://example.com/track", true),
        ("http://127.0.0.1:8080/ad", true), ("http://127.1.2.3/ad", true), ("http://localhost/ad", true),
        ("http://[::1]:9000/ad", true), ("http://127.0.0.1.example.com/ad", false), ("http://128.0.0.1/ad", false),
    ])
    func theDefaultPolicyRefusesCleartextExceptToLoopback(url: String, allowed: Bool) throws {
        let url = try #require(URL(string: url))
        #expect(MediationURLPolicy.default.isAllowedNetworkURL(url) == allowed)
        #expect((MediationURLPolicy.default.cleartextRefusal(of: url) == nil) == allowed)
    }

    @Test(arguments: ["http://example.com/landing", "http://128.0.0.1/ad", "https://example.com/landing"])
    func aClickDestinationMayBeCleartextUnderTheDefaultPolicy(url: String) throws {
        let url = try #require(URL(string: url))
        #expect(MediationURLPolicy.default.isAllowedClickURL(url))
    }

    @Test func theRefusalGivesTheReason() throws {
        let url = try #require(URL(string: "http://example.com/imp"))
        #expect(
            MediationURLPolicy.default.cleartextRefusal(of: url)
                == "cleartext http to example.com refused: use https, or set MediationURLPolicy.allowsCleartextHTTP")
    }

    @Test func optingInAllowsCleartext() throws {
        let url = try #require(URL(string: "http://example.com/imp"))
        let policy = MediationURLPolicy(allowsCleartextHTTP: true)
        #expect(policy.isAllowedNetworkURL(url))
        #expect(policy.isAllowedClickURL(url))
        #expect(!MediationURLPolicy.default.allowsCleartextHTTP)
        #expect(MediationURLPolicy(allowedDeepLinkSchemes: ["myapp"]).allowedDeepLinkSchemes == ["myapp"])
    }
}
