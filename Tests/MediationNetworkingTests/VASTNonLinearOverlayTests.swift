import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import MediationVAST
import MediationVASTNetworking
import Testing

/// `VASTNonLinearOverlay`: a non-linear (overlay) ad behind a wrapper chosen for the host's display area and
/// resource kinds, and its impressions, events, clicks and errors fired once each with the wrappers' merged in,
/// read from the loopback server's hit log.
@Suite(.serialized) struct VASTNonLinearOverlayTests {
    func resolve(_ server: LoopbackServer, _ path: String) async throws -> VASTResolvedAd {
        let resolver = VASTWrapperResolver(
            loader: HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 2)),
            policy: VASTWrapperChainTests.patient)
        let resolution = await resolver.resolve(tagURL: server.url(path))
        return try #require(resolution.ads.first, "resolved \(path): \(resolution.failures)")
    }

    func trackerHits(_ server: LoopbackServer, _ pinger: URLSessionTrackerPinger) async throws -> [String] {
        await pinger.waitUntilIdle()
        return try await server.paths(startingWith: "/track/")
    }

    @Test func anOverlayBehindAWrapperFiresEachURLOnceInOrder() async throws {
        try await LoopbackServer.run { server in
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil, maxConcurrentDeliveries: 1)
            let resolved = try await resolve(server, "/vast/vast-overlay-wrapper")
            let overlay = try VASTNonLinearOverlay.make(
                resolved, capabilities: .standard, privacy: .unrestricted, trackerPinger: pinger
            ).get()
            // The 1920-wide NonLinear does not fit 1280×720; the next one does, and its image wins over its HTML.
            #expect(overlay.nonLinear.id == "banner")
            #expect(
                overlay.resource
                    == .staticResource(
                        url: URL(string: "https://media.example/overlay.png")!, creativeType: "image/png"))
            #expect(overlay.width == 728 && overlay.height == 90)
            #expect(overlay.minimumDisplayDuration == .seconds(15))

            overlay.shown(contentPlayhead: .seconds(30))
            overlay.shown(contentPlayhead: .seconds(31))
            #expect(overlay.clicked()?.absoluteString == "https://brand.example/overlay")
            #expect(overlay.clicked()?.absoluteString == "https://brand.example/overlay", "opens each time")
            overlay.track(.acceptInvitation)
            overlay.track(.close)
            overlay.track(.close)
            overlay.track(.overlayViewDuration, adPlayhead: .seconds(12))
            overlay.track(.minimize)
            #expect(
                try await trackerHits(server, pinger) == [
                    "/track/overlay-wrapper/impression", "/track/overlay/impression",
                    "/track/overlay-wrapper/creativeView",
                    "/track/overlay/creativeView?asset=https%3A%2F%2Fmedia.example%2Foverlay.png&cp=00%3A00%3A30.000",
                    "/track/overlay-wrapper/click", "/track/overlay/click", "/track/overlay/acceptInvitation",
                    "/track/overlay-wrapper/close", "/track/overlay/close",
                    "/track/overlay/overlayViewDuration?shown=00%3A00%3A12.000",
                ])
            overlay.failed(.nonLinearResourceFetch)
            overlay.failed(.nonLinearResourceFetch)
            let errors = try await trackerHits(server, pinger).filter { $0.contains("/error") }
            #expect(errors == ["/track/overlay-wrapper/error?code=502", "/track/overlay/error?code=502"])
        }
    }

    @Test func anHTMLHostGetsTheHTMLResource() async throws {
        try await LoopbackServer.run { server in
            let resolved = try await resolve(server, "/vast/vast-overlay")
            let htmlOnly = VASTOverlayCapabilities(
                staticResourceTypes: [], showsHTML: true, areaWidth: 1280, areaHeight: 720)
            let overlay = try VASTNonLinearOverlay.make(
                resolved, capabilities: htmlOnly, privacy: .unrestricted, trackerPinger: RecordingTrackerPinger()
            ).get()
            #expect(overlay.resource == .html("<div>an HTML overlay</div>"))
            #expect(overlay.resource.url == nil)
        }
    }

    /// The refusals, with their VAST codes in the Error URLs of the ad and its wrapper: 503 when nothing shows,
    /// 501 when what shows does not fit, 201 for a linear ad.
    @Test func anOverlayThatCannotShowFiresItsErrorWithTheRightCode() async throws {
        try await LoopbackServer.run { server in
            let cases: [(String, VASTOverlayCapabilities, VASTErrorCode)] = [
                (
                    "/vast/vast-overlay-wrapper",
                    VASTOverlayCapabilities(staticResourceTypes: ["image/webp"], areaWidth: 1280, areaHeight: 720),
                    .noSupportedNonLinearResource
                ),
                ("/vast/vast-overlay-wrapper", VASTOverlayCapabilities(areaWidth: 320, areaHeight: 50), .nonLinearSize),
                ("/vast/vast-inline", .standard, .unexpectedLinearity),
            ]
            for (path, capabilities, code) in cases {
                let pinger = try URLSessionTrackerPinger(journalDirectory: nil, maxConcurrentDeliveries: 1)
                let before = try await server.paths(startingWith: "/track/").count
                let resolved = try await resolve(server, path)
                let result = VASTNonLinearOverlay.make(
                    resolved, capabilities: capabilities, privacy: .unrestricted, trackerPinger: pinger)
                guard case .failure(let error) = result else {
                    Issue.record("\(path) showed with \(capabilities)")
                    continue
                }
                #expect(error.code == code, "\(path): \(error.message)")
                let errors = try await trackerHits(server, pinger).dropFirst(before)
                #expect(!errors.isEmpty && errors.allSatisfy { $0.hasSuffix("code=\(code.rawValue)") }, "\(errors)")
                #expect(errors.allSatisfy { $0.contains("/error?") }, "only Error URLs fire: \(errors)")
            }
        }
    }

    /// The overlay's impression, tracking, click and Error URLs carry the privacy and device macros from the
    /// user's privacy exactly as the privacy matrix's in-stream VAST column allows, as the linear path's do
    /// (the same five states as `VASTInstreamPrivacyMacroTests`).
    @Test(arguments: VASTInstreamPrivacyMacroTests.cases)
    func anOverlaysURLsCarryThePrivacyMacrosAsTheMatrixSays(_ state: VASTInstreamPrivacyMacroTests.Case)
        async throws
    {
        try await LoopbackServer.run { server in
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil, maxConcurrentDeliveries: 1)
            let resolved = try await resolve(server, "/vast/vast-overlay-privacy")
            let overlay = try VASTNonLinearOverlay.make(
                resolved, capabilities: .standard, privacy: state.privacy, client: VASTInstreamPrivacyMacroTests.client,
                trackerPinger: pinger
            ).get()
            overlay.shown()
            overlay.clicked()
            overlay.track(.close)
            overlay.failed(.nonLinearResourceFetch)
            let hits = try await trackerHits(server, pinger)
            #expect(hits.count == 4, "\(hits)")
            for hit in hits {
                let query = VASTInstreamPrivacyMacroTests.query(hit)
                for (name, value) in state.impression where query[name] != nil {
                    #expect(query[name] == value, "\(name) in \(hit)")
                }
            }
            let impression = try #require(hits.first { $0.contains("/impression") })
            #expect(VASTInstreamPrivacyMacroTests.query(impression) == state.impression)
            #expect(hits.allSatisfy { !$0.contains("%5B") && !$0.contains("[") }, "every macro expanded: \(hits)")
        }
    }
}
