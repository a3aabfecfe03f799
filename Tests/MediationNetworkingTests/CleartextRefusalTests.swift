import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// Cleartext `http` to a host that is not loopback is refused, with the reason, by the ad-response source, the
/// tracker pinger and the image precacher; loopback stays allowed and the host can opt in.
@Suite(.serialized) struct CleartextRefusalTests {
    private let reason =
        "cleartext http to example.com refused: use https, or set MediationURLPolicy.allowsCleartextHTTP"

    @Test func aCleartextEndpointIsRefusedUnlessTheHostOptsIn() throws {
        let endpoint = try #require(URL(string: "http://example.com/m/ad"))
        #expect(throws: MediationError.invalidConfiguration(path: "endpoint", reason: reason)) {
            try HTTPAdResponseSource(endpoint: endpoint)
        }
        let source = try HTTPAdResponseSource(
            endpoint: endpoint, urlPolicy: MediationURLPolicy(allowsCleartextHTTP: true))
        #expect(source.urlPolicy.allowsCleartextHTTP)
    }

    @Test func aCleartextPageIsRefusedWithTheReasonAndALoopbackOneLoads() async throws {
        try await LoopbackServer.run { server in
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/page2"))
            let next = try #require(URL(string: "http://example.com/next"))
            let refused = await withCheckedContinuation { continuation in
                source.fetchAdResponse(from: next) { continuation.resume(returning: $0) }
            }
            #expect(refused.failure == .requestFailed(url: "http://example.com/next", reason: reason))
            let loaded = await withCheckedContinuation { continuation in
                source.fetchAdResponse(from: server.url("/ad/page2")) { continuation.resume(returning: $0) }
            }
            #expect(loaded.failure == nil)
        }
    }

    @Test func aCleartextTrackerIsNotFiredAndItsHostIsLoggedOnce() async throws {
        let logger = RecordingLogger()
        let pinger = try URLSessionTrackerPinger(journalDirectory: nil, logger: logger)
        for index in 0..<5 {
            pinger.ping(try #require(URL(string: "http://example.com/imp?n=\(index)")))
        }
        await pinger.waitUntilIdle()
        #expect(pinger.pendingCount == 0)
        let refusals = logger.entries.filter { $0.message.contains("cleartext http to example.com refused") }
        #expect(refusals.count == 1)
        #expect(refusals.first?.level == .warning)
    }

    @Test func aLoopbackTrackerIsFired() async throws {
        try await LoopbackServer.run { server in
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
            pinger.ping(server.url("/track/imp?cleartext=loopback"))
            await pinger.waitUntilIdle()
            #expect(try await server.paths(startingWith: "/track/imp").count == 1)
        }
    }

    @Test func aCleartextImageFailsWithTheReason() async throws {
        let precacher = try URLSessionImagePrecacher()
        let url = try #require(URL(string: "http://example.com/icon.png"))
        let result = await withCheckedContinuation { continuation in
            precacher.precacheImages([url]) { continuation.resume(returning: $0) }
        }
        #expect(result.failure == .imageDownloadFailed(url: url.absoluteString, reason: reason))
        #expect(precacher.downloadCount == 0)
    }
}
