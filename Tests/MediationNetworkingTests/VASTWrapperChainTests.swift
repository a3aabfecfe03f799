import Foundation
import MediationNetworking
import MediationVAST
import MediationVASTNetworking
import Testing

/// VAST wrapper chains served by the loopback server (Fixtures/responses/vast-*.xml) and followed over the
/// hardened HTTP path.
@Suite("VAST wrapper chains over HTTP")
struct VASTWrapperChainTests {
    /// A policy whose timeouts never decide a test that is not about them: the sanitizer runs and a loaded
    /// machine make a six-hop chain take longer than the standard 8 s.
    static let patient = VASTResolutionPolicy(hopTimeout: .seconds(60), chainTimeout: .seconds(120))

    func resolve(_ server: LoopbackServer, _ path: String, policy: VASTResolutionPolicy = patient) async
        -> VASTResolution
    {
        let resolver = VASTWrapperResolver(
            loader: HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 2)), policy: policy)
        return await resolver.resolve(tagURL: server.url(path))
    }

    @Test func chainOfTwoWrappersToAPodMergesBothWrappers() async throws {
        try await LoopbackServer.run { server in
            let resolution = await resolve(server, "/vast/vast-chain-1")
            #expect(resolution.failures.isEmpty, "\(resolution.failures)")
            #expect(resolution.ads.map(\.ad.id) == ["pod-a", "pod-b"])
            #expect(resolution.ads.map(\.sequence) == [1, 2], "the outer ad is stand-alone: the pod's own order")
            let first = try #require(resolution.ads.first)
            #expect(first.wrapperChain.map(\.path) == ["/vast/vast-chain-2", "/vast/vast-chain-pod"])
            #expect(
                first.ad.impressions.map(\.url.path) == [
                    "/track/chain-1/impression", "/track/chain-2/impression", "/track/pod-a/impression",
                ])
            #expect(
                first.ad.linear?.urls(for: .complete).map(\.path) == [
                    "/track/chain-1/complete", "/track/chain-2/complete", "/track/pod-a/complete",
                ])
            let fetched = try await server.paths(startingWith: "/vast/")
            #expect(fetched == ["/vast/vast-chain-1", "/vast/vast-chain-2", "/vast/vast-chain-pod"])
        }
    }

    /// The 94-byte document that crashed the host (an `encoding` after `standalone`, then an element name that is
    /// not UTF-8), served as a tag and as a wrapper's hop: refused with 100 both times, and the wrapper's Error URL
    /// is what a player would fire.
    @Test func aHostileDocumentIsRefusedAsATagAndAsAHop() async throws {
        try await LoopbackServer.run { server in
            let tag = await resolve(server, "/vast/vast-hostile-declaration")
            let refusal = try #require(tag.failures.first)
            #expect(refusal.error.code == .xmlParse)
            #expect(refusal.error.message.hasPrefix("the XML declaration is malformed at byte 37"))
            let hop = await resolve(server, "/vast/vast-to-hostile")
            #expect(hop.ads.isEmpty)
            let failure = try #require(hop.failures.first)
            #expect(failure.error.code == .xmlParse)
            #expect(failure.error.message.contains("XML declaration is malformed"))
            #expect(failure.errorURLs.map(\.path) == ["/track/to-hostile/error"])
            #expect(
                try await server.paths(startingWith: "/vast/") == [
                    "/vast/vast-hostile-declaration", "/vast/vast-to-hostile", "/vast/vast-hostile-declaration",
                ])
        }
    }

    @Test func loopEndsWith302() async throws {
        try await LoopbackServer.run { server in
            let resolution = await resolve(server, "/vast/vast-loop-a")
            #expect(resolution.ads.isEmpty)
            let failure = try #require(resolution.failures.first)
            #expect(failure.error.code == .wrapperLimit)
            #expect(failure.error.message.contains("loop"))
            #expect(failure.errorURLs.map(\.path) == ["/track/loop-a/error", "/track/loop-b/error"])
            #expect(
                try await server.paths(startingWith: "/vast/") == ["/vast/vast-loop-a", "/vast/vast-loop-b"],
                "the tag, then loop-b, whose wrapper points back at the tag: never fetched again")
        }
    }

    @Test func deadHopEndsWith301() async throws {
        try await LoopbackServer.run { server in
            let resolution = await resolve(server, "/vast/vast-dead-hop")
            let failure = try #require(resolution.failures.first)
            #expect(failure.error.code == .wrapperTimeout)
            #expect(failure.error.message.contains("HTTP status 404"))
            #expect(failure.errorURLs.map(\.path) == ["/track/dead/error"])
        }
    }

    @Test func slowHopEndsWith301AtTheHopTimeout() async throws {
        try await LoopbackServer.run { server in
            // The slow hop answers `{}` after 5 s: had the resolver waited, the hop would have failed as a document
            // that is not XML (100). A 301 that says "timed out" proves it gave up at the hop timeout (no wall-clock
            // bound: a loaded machine queues requests, which would make one flaky). The chain's own budget is
            // out of the way: under ThreadSanitizer on a loaded machine the standard 8 s were once spent before the
            // slow hop was even asked, which ended the chain with "spent before this fetch" instead.
            let resolution = await resolve(
                server, "/vast/vast-slow-hop",
                policy: VASTResolutionPolicy(hopTimeout: .milliseconds(300), chainTimeout: .seconds(600)))
            let failure = try #require(resolution.failures.first)
            #expect(failure.error.code == .wrapperTimeout)
            #expect(failure.error.message.contains("timed out"))
        }
    }

    @Test func chainTimeoutBoundsTheWholeChain() async throws {
        try await LoopbackServer.run { server in
            let resolution = await resolve(
                server, "/vast/vast-slow-hop",
                policy: VASTResolutionPolicy(hopTimeout: .seconds(30), chainTimeout: .milliseconds(400)))
            #expect(resolution.failures.first?.error.code == .wrapperTimeout)
        }
    }

    @Test func sixDeepChainEndsWith302() async throws {
        try await LoopbackServer.run { server in
            let resolution = await resolve(server, "/vast/vast-deep-1")
            #expect(resolution.ads.isEmpty)
            let failure = try #require(resolution.failures.first)
            #expect(failure.error.code == .wrapperLimit)
            #expect(failure.errorURLs.count == 6)
            let fetched = try await server.paths(startingWith: "/vast/")
            #expect(fetched == (1...6).map { "/vast/vast-deep-\($0)" }, "the InLine document is never fetched")
            let seven = await resolve(
                server, "/vast/vast-deep-1",
                policy: VASTResolutionPolicy(maxWrapperDepth: 6, hopTimeout: .seconds(60), chainTimeout: .seconds(120)))
            #expect(seven.ads.map(\.ad.id) == ["inline"])
            #expect(seven.ads.first?.ad.impressions.count == 7)
        }
    }

    @Test func tagThatIsNotThereFailsWith301() async throws {
        try await LoopbackServer.run { server in
            let resolution = await resolve(server, "/status/500")
            #expect(resolution.failures.map(\.error.code) == [.wrapperTimeout])
        }
    }
}
