import Foundation
import MediationVAST
import Testing

@Suite("VAST wrapper resolution (in memory)")
struct VASTWrapperResolverTests {
    func resolve(
        _ root: String, _ documents: [String: String], failures: [String: VASTLoadFailure] = [:],
        policy: VASTResolutionPolicy = .standard
    ) async throws -> (VASTResolution, StubDocumentLoader) {
        let loader = StubDocumentLoader(documents: documents, failures: failures)
        let document = try VASTParser().parse(Data(root.utf8))
        return (await VASTWrapperResolver(loader: loader, policy: policy).resolve(document), loader)
    }

    @Test func twoWrappersMergeIntoTheInLineAd() async throws {
        let (resolution, loader) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/w2", name: "w1"),
            [
                "https://a.example/w2": StubVAST.wrapper(to: "https://a.example/inline", name: "w2"),
                "https://a.example/inline": StubVAST.document(StubVAST.inlineAd("in")),
            ])
        #expect(resolution.failures.isEmpty)
        #expect(loader.requested == ["https://a.example/w2", "https://a.example/inline"])
        let resolved = try #require(resolution.ads.first)
        #expect(resolved.wrapperChain.map(\.absoluteString) == ["https://a.example/w2", "https://a.example/inline"])
        #expect(resolved.ad.kind == .inline)
        #expect(
            resolved.ad.impressions.map(\.url.absoluteString) == [
                "https://t.example/w1/impression", "https://t.example/w2/impression", "https://t.example/in/impression",
            ])
        #expect(resolved.ad.errorURLs.count == 3)
        let linear = try #require(resolved.ad.linear)
        #expect(
            linear.urls(for: .start).map(\.absoluteString) == [
                "https://t.example/w1/start", "https://t.example/w2/start", "https://t.example/in/start",
            ])
        #expect(linear.urls(for: .complete).count == 2)
        #expect(linear.videoClicks.clickTracking.count == 3)
        #expect(
            linear.videoClicks.clickThrough?.absoluteString == "https://t.example/w2/landing",
            "the wrapper nearest the InLine ad wins when the InLine has no click-through")
        #expect(linear.mediaFiles.count == 1)
    }

    @Test func inlineClickThroughWinsOverWrappers() async throws {
        let (resolution, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/inline", name: "w1"),
            ["https://a.example/inline": StubVAST.document(StubVAST.inlineAd("in", clickThrough: true))])
        #expect(
            resolution.ads.first?.ad.linear?.videoClicks.clickThrough?.absoluteString == "https://t.example/in/landing")
    }

    @Test func loopEndsWith302AndFiresEveryWrappersError() async throws {
        let (resolution, loader) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/a", name: "root"),
            [
                "https://a.example/a": StubVAST.wrapper(to: "https://a.example/b", name: "a"),
                "https://a.example/b": StubVAST.wrapper(to: "https://a.example/a", name: "b"),
            ])
        #expect(resolution.ads.isEmpty)
        let failure = try #require(resolution.failures.first)
        #expect(failure.error.code == .wrapperLimit)
        #expect(failure.error.message.contains("loop"))
        #expect(loader.requested == ["https://a.example/a", "https://a.example/b"])
        #expect(failure.errorURLs.map { $0.absoluteString.split(separator: "/")[2] } == ["root", "a", "b"])
    }

    @Test func depthLimitEndsWith302() async throws {
        var documents: [String: String] = [:]
        for hop in 1...6 {
            documents["https://a.example/\(hop)"] = StubVAST.wrapper(
                to: "https://a.example/\(hop + 1)", name: "w\(hop)")
        }
        documents["https://a.example/7"] = StubVAST.document(StubVAST.inlineAd("in"))
        let (resolution, loader) = try await resolve(StubVAST.wrapper(to: "https://a.example/1", name: "w0"), documents)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.failures.first?.error.code == .wrapperLimit)
        #expect(loader.requested.count == 5, "five wrapper documents are fetched; the sixth wrapper is refused")
        let (allowed, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/1", name: "w0"), documents,
            policy: VASTResolutionPolicy(maxWrapperDepth: 7))
        #expect(allowed.ads.count == 1)
        #expect(allowed.ads.first?.ad.impressions.count == 8)
    }

    @Test func unavailableAndTimedOutHopsEndWith301() async throws {
        let (dead, _) = try await resolve(StubVAST.wrapper(to: "https://a.example/missing", name: "w"), [:])
        #expect(dead.failures.first?.error.code == .wrapperTimeout)
        #expect(dead.failures.first?.error.message.contains("404") == true)
        let (slow, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/slow", name: "w"), [:],
            failures: ["https://a.example/slow": .timedOut])
        #expect(slow.failures.first?.error.code == .wrapperTimeout)
    }

    @Test func emptyAnswerEndsWith303AndFiresTheRootError() async throws {
        let (resolution, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/empty", name: "w"),
            [
                "https://a.example/empty":
                    #"<VAST version="4.1"><Error>https://t.example/noad/[ERRORCODE]</Error></VAST>"#
            ])
        let failure = try #require(resolution.failures.first)
        #expect(failure.error.code == .noAdsAfterWrapper)
        #expect(failure.errorURLs.count == 2)
        #expect(failure.errorURLs.last?.absoluteString.hasPrefix("https://t.example/noad/") == true)
    }

    @Test func malformedWrappedDocumentKeepsTheParserCode() async throws {
        let (resolution, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/bad", name: "w"), ["https://a.example/bad": "<VAST version=\"9\"/>"]
        )
        #expect(resolution.failures.first?.error.code == .versionNotSupported)
    }

    @Test func followAdditionalWrappersFalseRefusesAnotherWrapper() async throws {
        let (resolution, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/w2", name: "w1", attributes: #"followAdditionalWrappers="false""#),
            ["https://a.example/w2": StubVAST.wrapper(to: "https://a.example/inline", name: "w2")])
        #expect(resolution.ads.isEmpty)
        #expect(resolution.failures.first?.error.code == .wrapper)
    }

    @Test func allowMultipleAdsDecidesWhetherAPodComesThrough() async throws {
        let pod = StubVAST.document(
            StubVAST.inlineAd("p2", sequence: 2), StubVAST.inlineAd("p1", sequence: 1), StubVAST.inlineAd("solo"))
        let (single, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/pod", name: "w"), ["https://a.example/pod": pod])
        #expect(single.ads.map(\.ad.id) == ["solo"])
        let (multiple, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/pod", name: "w", attributes: #"allowMultipleAds="true""#),
            ["https://a.example/pod": pod])
        #expect(multiple.ads.map(\.ad.id) == ["p1", "p2"])
        #expect(
            multiple.ads.allSatisfy { $0.ad.impressions.first?.url.absoluteString == "https://t.example/w/impression" })
    }

    @Test func failedPodAdIsReplacedFromTheBuffetUnlessFallbackIsOff() async throws {
        let root = StubVAST.document(
            StubVAST.inlineAd("p1", sequence: 1),
            "<Ad id=\"p2\" sequence=\"2\"><Wrapper><AdSystem>W</AdSystem><VASTAdTagURI>https://a.example/gone</VASTAdTagURI></Wrapper></Ad>",
            "<Ad id=\"p3\" sequence=\"3\"><Wrapper fallbackOnNoAd=\"false\"><AdSystem>W</AdSystem><VASTAdTagURI>https://a.example/gone2</VASTAdTagURI></Wrapper></Ad>",
            StubVAST.inlineAd("b1"), StubVAST.inlineAd("b2"))
        let (resolution, _) = try await resolve(root, [:])
        #expect(resolution.ads.map(\.ad.id) == ["p1", "b1"])
        #expect(resolution.ads.map(\.sequence) == [1, 2])
        #expect(resolution.failures.map(\.error.code) == [.wrapperTimeout, .wrapperTimeout])
    }

    @Test func withoutAPodTheFirstBuffetAdThatResolvesPlays() async throws {
        let root = StubVAST.document(
            "<Ad id=\"dead\"><Wrapper><AdSystem>W</AdSystem><VASTAdTagURI>https://a.example/gone</VASTAdTagURI></Wrapper></Ad>",
            StubVAST.inlineAd("b1"), StubVAST.inlineAd("b2"))
        let (resolution, _) = try await resolve(root, [:])
        #expect(resolution.ads.map(\.ad.id) == ["b1"])
        #expect(resolution.failures.count == 1)
    }

    @Test func wrapperCompanionsAreUsedWhenTheInLineHasNone() async throws {
        let companion = """
            <Creative><CompanionAds><Companion width="300" height="250">
            <StaticResource creativeType="image/png">https://t.example/c.png</StaticResource></Companion></CompanionAds></Creative>
            """
        let (resolution, _) = try await resolve(
            StubVAST.wrapper(to: "https://a.example/inline", name: "w", extra: companion),
            ["https://a.example/inline": StubVAST.document(StubVAST.inlineAd("in"))])
        #expect(resolution.ads.first?.ad.creatives.map(\.kindName) == ["linear", "companion"])
    }
}
