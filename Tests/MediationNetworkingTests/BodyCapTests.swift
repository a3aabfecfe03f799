import Foundation
import MediationCore
import MediationNetworking
import MediationVAST
import MediationVASTNetworking
import Testing

/// Body caps on bodies that announce no `Content-Length` (chunked, or until the server closes): the fetcher and its
/// callers fail at the cap naming it, the client closes the connection long before the end of the body (the
/// loopback server's count of what it sent is the truth), and in a child process the body costs its cap and no
/// more over a process that has already made a request.
@Suite(.serialized) struct BodyCapTests {
    /// The cap of the in-process cases: 1 MiB.
    static let cap = 1 << 20
    /// The body the server offers: 4 GiB, made as it is sent, so that a client that read it to the end would be
    /// seen (and would take seconds to).
    static let offeredBytes = 4 << 30
    /// The pace of the server's send: 256 MiB a second, faster than any real network, so that the body takes
    /// 16 s to send in full. Unpaced, loopback sends at gigabytes a second, and the time FoundationNetworking's
    /// cancel takes to land on a loaded machine (up to half a second seen, 1.5 GB read meanwhile) decided the bytes
    /// sent.
    static let rate = 256 << 20
    /// The most the server may have sent when the client closed: the client reads on until FoundationNetworking's
    /// cancel lands, which takes a few milliseconds, and up to half a second on a loaded 2-core machine (128 MiB at
    /// the pace); what it reads then is dropped as it arrives. A client that read on would send all 4 GiB. The
    /// bound is 4 s of the pace, loose so that no load makes it a timed assertion.
    static let sentBound = 1 << 30

    /// Fetches `url` with the cap through a fetcher of its own.
    private static func fetch(_ url: URL) async -> Result<HTTPFetchResponse, HTTPFetchFailure> {
        let fetcher = HTTPFetcher(maxConcurrentRequests: 1)
        return await withCheckedContinuation { continuation in
            fetcher.get(url, timeout: .seconds(60), maxBytes: cap) { continuation.resume(returning: $0) }
        }
    }

    /// The bytes the server sent on its one `/stream` connection before the client closed it; records an issue
    /// and returns `nil` when the client did not close it before the end of the body.
    private static func bytesSentBeforeTheClientClosed(_ server: LoopbackServer) async throws -> Int? {
        let closed = try await server.waitForHit(startingWith: "/stream", closedEarly: true, timeout: .seconds(30))
        let sent = try await server.hits().compactMap(\.sentBytes)
        guard closed, sent.count == 1 else {
            Issue.record("the client did not close the connection early: sent \(sent) of \(offeredBytes) bytes")
            return nil
        }
        return sent[0]
    }

    @Test(arguments: ["chunked", "close"])
    func theFetcherFailsAtTheCapAndClosesTheConnection(framing: String) async throws {
        try await LoopbackServer.run { server in
            let result = await Self.fetch(
                server.url("/stream?bytes=\(Self.offeredBytes)&rate=\(Self.rate)&framing=\(framing)"))
            guard case .failure(let failure) = result else {
                Issue.record("expected the cap, got \(result)")
                return
            }
            #expect(failure == .tooLarge(limitBytes: Self.cap, status: 200))
            #expect(failure.reason == "the body is larger than the 1048576-byte cap")
            let sent = try #require(try await Self.bytesSentBeforeTheClientClosed(server))
            // What the server sent is what the client read before its cancel landed, plus the sockets' buffers.
            #expect(sent > Self.cap && sent < Self.sentBound, "the server sent \(sent) bytes")
        }
    }

    /// A `Content-Length` over the cap is refused from the headers; on Linux the refused transfer is cancelled
    /// explicitly (FoundationNetworking ignores the `.cancel` disposition and would read the body to its end).
    @Test func anAnnouncedLengthOverTheCapIsRefusedAndTheConnectionClosed() async throws {
        try await LoopbackServer.run { server in
            let result = await Self.fetch(
                server.url("/stream?bytes=\(Self.offeredBytes)&rate=\(Self.rate)&framing=length"))
            guard case .failure(let failure) = result else {
                Issue.record("expected the cap, got \(result)")
                return
            }
            #expect(failure == .tooLarge(limitBytes: Self.cap, status: 200))
            let sent = try #require(try await Self.bytesSentBeforeTheClientClosed(server))
            #expect(sent < Self.sentBound, "the server sent \(sent) bytes")
        }
    }

    @Test(arguments: ["chunked", "close"])
    func theAdResponseSourceFailsWithTheCapError(framing: String) async throws {
        try await LoopbackServer.run { server in
            let url = server.url("/stream?bytes=\(Self.offeredBytes)&rate=\(Self.rate)&framing=\(framing)")
            let source = try HTTPAdResponseSource(endpoint: url, maxResponseBytes: Self.cap)
            let result = await withCheckedContinuation { continuation in
                source.fetchAdResponse(from: url) { continuation.resume(returning: $0) }
            }
            guard case .failure(let error) = result else {
                Issue.record("expected the cap, got \(result)")
                return
            }
            #expect(error == .responseTooLarge(url: url.absoluteString, limitBytes: Self.cap))
            #expect(error.description.contains("1048576"), "\(error)")
            _ = try await Self.bytesSentBeforeTheClientClosed(server)
        }
    }

    /// The VAST wrapper hop's loader, with the 4 MiB cap a wrapper document gets.
    @Test(arguments: ["chunked", "close"])
    func theVASTLoaderFailsWithTheCapError(framing: String) async throws {
        try await LoopbackServer.run { server in
            let loader = HTTPVASTDocumentLoader(fetcher: HTTPFetcher(maxConcurrentRequests: 1))
            let url = server.url("/stream?bytes=\(Self.offeredBytes)&rate=\(Self.rate)&framing=\(framing)")
            do {
                let document = try await loader.loadDocument(at: url, timeout: .seconds(60), maxBytes: 4 << 20)
                Issue.record("expected the cap, got \(document.count) bytes")
            } catch {
                #expect(error as? VASTLoadFailure == .unavailable("the body is larger than the 4194304-byte cap"))
            }
            _ = try await Self.bytesSentBeforeTheClientClosed(server)
        }
    }

    /// The issue's bound, in a child process: a 100 MB body without `Content-Length` costs at most its cap and
    /// 8 MB of peak resident memory over the peak after a warm-up request through the same fetcher. It cost
    /// 114–119 MB over a 4 MiB cap when FoundationNetworking queued every piece for the delegate.
    @Test(arguments: ["chunked", "close"], [1 << 20, 4 << 20])
    func aBodyWithoutContentLengthCostsItsCapAndNoMore(framing: String, cap: Int) async throws {
        try await LoopbackServer.run { server in
            let report = try await NetworkingProbe.run(
                [
                    "fetch", server.url("/stream?bytes=100000000&framing=\(framing)").absoluteString, String(cap),
                    server.url("/stream?bytes=1024&framing=\(framing)").absoluteString,
                ], environment: ["PROBE_LINGER_MS": "500"])
            #expect(report.value("WARMUP") == "ok 200 1024 bytes", "\(report.lines)")
            #expect(report.result == "too_large \(cap) status 200", "\(report.lines)")
            if !report.isSanitized {
                let boundMiB = Double(cap + 8_000_000) / 1_048_576
                #expect(
                    report.peakOverBaselineMiB < boundMiB,
                    "cap \(cap), \(framing): peak \(report.peakOverBaselineMiB) MiB over the baseline")
            }
        }
    }
}
