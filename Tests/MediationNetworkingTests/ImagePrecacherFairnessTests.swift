import Foundation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting
import Testing

/// One ad's images cannot hold another's back; a failed or cancelled call drops what only it waited for; only
/// images count as images.
@Suite(.serialized) struct ImagePrecacherFairnessTests {
    private func precache(_ precacher: URLSessionImagePrecacher, _ urls: [URL]) async -> Result<
        [URL: Data], MediationError
    > {
        await withCheckedContinuation { continuation in
            precacher.precacheImages(urls) { continuation.resume(returning: $0) }
        }
    }

    @Test func freeSlotsGoToTheCallsInTurn() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher(maxConcurrentDownloads: 2)
            let slow = (1...12).map { server.url("/slow?seconds=0.3&image=1&a=\($0)") }
            let fast = server.url("/image/b.png")
            let order = Locked<[String]>([])
            let fastResult = Locked<Result<[URL: Data], MediationError>?>(nil)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let finished = Locked(0)
                let finish = { @Sendable (name: String) in
                    order.withLock { $0.append(name) }
                    if finished.withLock({ count in
                        count += 1
                        return count
                    }) == 2 {
                        continuation.resume()
                    }
                }
                // A's call takes both slots as it is made; B's is made while they are busy.
                precacher.precacheImages(slow) { _ in finish("A") }
                precacher.precacheImages([fast]) { result in
                    fastResult.withLock { $0 = result }
                    finish("B")
                }
            }
            #expect(fastResult.withLock { $0 }?.failure == nil)
            #expect(order.withLock { $0 } == ["B", "A"], "B does not wait for A's twelve images")
            let paths = try await server.hits().map(\.path)
            let bIndex = try #require(paths.firstIndex(of: "/image/b.png"))
            #expect(bIndex <= 3, "B's image went out in the first free slots after A's: \(paths.prefix(6))")
        }
    }

    @Test func aFailedCallDropsTheDownloadsOnlyItWaitedFor() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher(maxConcurrentDownloads: 1)
            let shared = server.url("/image/shared.png")
            let urls = [server.url("/status/404")] + (1...10).map { server.url("/slow?seconds=0.2&image=1&n=\($0)") }
            async let failing = precache(precacher, urls + [shared])
            async let other = precache(precacher, [shared])
            let (failed, succeeded) = await (failing, other)
            guard case .failure(.imageDownloadFailed(let url, _)) = failed else {
                Issue.record("expected the 404 to fail the call, got \(failed)")
                return
            }
            #expect(url == server.url("/status/404").absoluteString)
            #expect(succeeded.failure == nil, "the URL another call waits for is still downloaded")
            #expect(
                try await server.paths(startingWith: "/slow").isEmpty, "no queued download of the failed call went out")
            #expect(precacher.cancelledDownloadCount == 10)
        }
    }

    @Test func aCancelledCallEndsAtOnceAndDropsItsDownloads() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher(maxConcurrentDownloads: 1)
            let token = UUID().uuidString
            let urls = (1...5).map { server.url("/slow?seconds=0.5&image=1&n=\($0)&t=\(token)") }
            let result = await withCheckedContinuation { continuation in
                let cancellation = precacher.startPrecaching(urls) { continuation.resume(returning: $0) }
                cancellation.cancel()
                cancellation.cancel()
            }
            #expect(result.failure == .cancelled)
            #expect(precacher.cancelledDownloadCount == 5)
            let again = await precache(precacher, [server.url("/image/after.png")])
            #expect(again.failure == nil, "a cancelled download frees its slot")
            // The download that had started may reach the server (more than once if the transport retries a
            // connection it lost when the task was cancelled); none of the queued ones may.
            let sent = try await server.paths(startingWith: "/slow").filter { $0.contains(token) }
            #expect(Set(sent).count <= 1, "\(sent)")
        }
    }

    @Test func emptyAndHTMLBodiesAreNotImages() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher()
            let html = await precache(precacher, [server.url("/notjson")])
            guard case .failure(.imageDownloadFailed(_, let reason)) = html else {
                Issue.record("expected a failure, got \(html)")
                return
            }
            #expect(reason?.contains("not an image (text/html") == true, "\(String(describing: reason))")
            let empty = await precache(precacher, [server.url("/track/empty.png")])
            guard case .failure(.imageDownloadFailed(_, let emptyReason)) = empty else {
                Issue.record("expected a failure, got \(empty)")
                return
            }
            #expect(emptyReason?.contains("the body is empty") == true)
            #expect(precacher.cachedImageCount == 0, "nothing that is not an image is cached")
        }
    }
}
