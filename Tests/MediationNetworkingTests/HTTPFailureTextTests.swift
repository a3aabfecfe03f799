import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// A failed first page says its URL and its cause once, in the failure, the trace and the log.
@Suite(.serialized) struct HTTPFailureTextTests {
    @Test func a404NamesTheURLAndTheStatusOnce() async throws {
        try await LoopbackServer.run { server in
            let logger = RecordingLogger()
            let mediator = Mediator(
                registry: MediationRegistry(),
                configuration: MediatorConfiguration(
                    logger: logger, trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
            let source = try HTTPAdResponseSource(endpoint: server.url("/status/404"))
            do throws(MediationFailure) {
                _ = try await mediator.loadNativeAd(adUnitID: "u", from: source)
                Issue.record("a 404 loaded")
            } catch {
                // The request always carries the ATT status (`att`, 0 = not determined): docs/privacy.md.
                let url = server.url("/status/404?id=u&nv=\(MediationKitVersion.current)&att=0").absoluteString
                #expect(error.error == .httpStatus(url: url, status: 404))
                #expect(
                    error.description
                        == "\(url): HTTP status 404: the ad request for ad unit u failed before any line ran")
                #expect(error.description.components(separatedBy: url).count == 2)
                #expect(error.trace.outcome == "http_status")
                let logged = logger.entries.filter { $0.level == .error }.map(\.message)
                #expect(logged == ["ad request for ad unit u failed: \(url): HTTP status 404"])
            }
        }
    }
}
