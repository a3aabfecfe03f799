import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

/// The whole path over real HTTP: ad responses from the loopback server, `x-next-url`, before- and after-load
/// URLs, TAMedia images through the precacher, impression trackers through the pinger.
@Suite(.serialized) struct TAMediaOverHTTPTests {
    private func content(_ server: LoopbackServer, icon: String = "/image/icon.png") -> TAMediaSDKNativeAdContent {
        TAMediaSDKNativeAdContent(
            longSubject: "Loopback ad", body: "Served on 127.0.0.1", callToAction: "Open",
            iconSquare: TAMediaSDKNativeAdImage(url: server.url(icon)),
            iconRect: TAMediaSDKNativeAdImage(url: server.url("/image/rect.png")))
    }

    private func mediator(
        _ network: SandboxTAMediaNetwork, source: HTTPAdResponseSource, pinger: URLSessionTrackerPinger
    ) throws -> Mediator {
        var registry = MediationRegistry()
        try registry.registerCustomEvent("NoFillEvent") {
            ScriptedCustomEvent(identifier: "NoFillEvent", script: .fail(.noFill))
        }
        try registry.registerCustomEvent(TAMediaCustomNativeAdEvent.identifier) {
            TAMediaCustomNativeAdEvent(factory: network)
        }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: registry.customEventIdentifiers))
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, trackerPinger: pinger, imagePrecacher: try URLSessionImagePrecacher(),
                responseSource: source))
    }

    @Test func aWaterfallLoadsOverHTTPFollowsTheNextURLAndFiresEveryTrackerOnce() async throws {
        try await LoopbackServer.run { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            defer { try? FileManager.default.removeItem(at: directory) }
            let network = SandboxTAMediaNetwork(script: .fill(content(server)))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/page1"))
            let pinger = try URLSessionTrackerPinger(journalDirectory: directory)
            let mediator = try mediator(network, source: source, pinger: pinger)

            let ad = try await mediator.loadNativeAd(adUnitID: "loopback-unit", from: source)
            #expect(ad.source.customEventIdentifier == TAMediaCustomNativeAdEvent.identifier)
            #expect(ad.properties.image(.iconImage)?.data?.starts(with: [0x89, 0x50]) == true)
            let sdkAd = try #require(network.lastAd)
            sdkAd.simulateImpression()
            sdkAd.simulateImpression()
            ad.recordImpression()
            await pinger.waitUntilIdle()

            let paths = try await server.hits().map(\.path)
            let first = try #require(paths.first)
            #expect(first.hasPrefix("/ad/page1?id=loopback-unit&nv="))
            #expect(paths.contains("/redirect?to=/ad/page2"))
            #expect(paths.contains("/ad/page2"))
            #expect(
                paths.filter { $0.hasPrefix("/track/before") }.sorted() == [
                    "/track/before?line=nofill", "/track/before?line=tamedia",
                ])
            let afterLoad = paths.filter { $0.hasPrefix("/track/after") }
            #expect(afterLoad.count == 2)
            #expect(
                afterLoad.contains { $0.hasPrefix("/track/after?line=nofill&ms=") && $0.hasSuffix("&result=error") })
            #expect(
                afterLoad.contains {
                    $0.hasPrefix("/track/after?line=tamedia&ms=") && $0.hasSuffix("&result=ad_loaded")
                })
            #expect(!afterLoad.contains { $0.contains("%%") })
            #expect(paths.filter { $0.hasPrefix("/image/") }.sorted() == ["/image/icon.png", "/image/rect.png"])
            #expect(paths.filter { $0 == "/track/imp?line=tamedia" }.count == 1)
            #expect(pinger.pendingCount == 0)
        }
    }

    @Test func anImage404FailsTheTAMediaLoadWithImageDownloadFailed() async throws {
        try await LoopbackServer.run { server in
            let network = SandboxTAMediaNetwork(script: .fill(content(server, icon: "/status/404")))
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/page2"))
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
            let mediator = try mediator(network, source: source, pinger: pinger)
            let response = try await source.fetchAdResponse(
                forAdUnit: "loopback-unit", privacy: .unrestricted, targeting: .none)
            let result = await mediator.mediate(response)
            #expect(result.outcome.failure == .noFill)
            let entry = try #require(result.trace.entries.first)
            #expect(entry.errorCode == MediationError.imageDownloadFailed(url: nil).code)
            #expect(entry.detail?.contains(server.url("/status/404").absoluteString) == true)
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/after").first?.hasSuffix("result=error") == true)
        }
    }

    @Test func aFailedFirstPageFailsTheLoadWithItsError() async throws {
        try await LoopbackServer.run { server in
            let source = try HTTPAdResponseSource(endpoint: server.url("/big?bytes=3000000"))
            let mediator = try mediator(
                SandboxTAMediaNetwork(), source: source, pinger: try URLSessionTrackerPinger(journalDirectory: nil))
            do throws(MediationFailure) {
                _ = try await mediator.loadNativeAd(adUnitID: "unit", from: source)
                Issue.record("an oversized first page loaded")
            } catch {
                guard case .responseTooLarge(_, let limit) = error.error else {
                    Issue.record("expected responseTooLarge, got \(error.error)")
                    return
                }
                #expect(limit == HTTPAdResponseSource.defaultMaxResponseBytes)
                #expect(error.trace.outcome == "response_too_large")
            }
        }
    }
}
