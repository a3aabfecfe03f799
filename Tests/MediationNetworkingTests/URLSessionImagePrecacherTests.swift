import Foundation
import MediationCore
import Testing

@testable import MediationNetworking

@Suite(.serialized) struct URLSessionImagePrecacherTests {
    private func precache(_ precacher: URLSessionImagePrecacher, _ urls: [URL]) async -> Result<
        [URL: Data], MediationError
    > {
        await withCheckedContinuation { continuation in
            precacher.precacheImages(urls) { continuation.resume(returning: $0) }
        }
    }

    @Test func downloadsEveryImageOnceAndServesRepeatsFromTheCache() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher(maxConcurrentDownloads: 2)
            let urls = (1...5).map { server.url("/image/\($0).png") }
            let images = try await precache(precacher, urls + [urls[0]]).get()
            #expect(Set(images.keys) == Set(urls))
            #expect(images[urls[2]]?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
            let again = try await precache(precacher, [urls[0], urls[4]]).get()
            #expect(again.count == 2)
            #expect(try await server.paths(startingWith: "/image/").count == 5)
            #expect(precacher.downloadCount == 5)
        }
    }

    @Test func theSameURLInFlightTwiceIsDownloadedOnce() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher()
            let slow = server.url("/slow?seconds=0.3&image=1")
            async let first = precache(precacher, [slow])
            async let second = precache(precacher, [slow])
            let results = await [first, second]
            #expect(results.allSatisfy { $0.failure == nil })
            #expect(try await server.paths(startingWith: "/slow").count == 1)
            #expect(precacher.downloadCount == 1)
        }
    }

    @Test func aMissingImageFailsNamingTheURLAndTheStatus() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher()
            let missing = server.url("/status/404")
            let result = await precache(precacher, [server.url("/image/ok.png"), missing])
            #expect(result.failure == .imageDownloadFailed(url: missing.absoluteString, reason: "HTTP status 404"))
            #expect(precacher.cachedData(for: missing) == nil)
        }
    }

    @Test func anImageOverTheByteCapOrTheTimeoutFails() async throws {
        try await LoopbackServer.run { server in
            let precacher = try URLSessionImagePrecacher(timeout: .milliseconds(500), maxImageBytes: 1000)
            let big = server.url("/big?bytes=5000&length=0")
            let tooBig = await precache(precacher, [big])
            guard case .imageDownloadFailed(let url, let reason) = tooBig.failure else {
                Issue.record("expected imageDownloadFailed, got \(tooBig)")
                return
            }
            #expect(url == big.absoluteString)
            #expect(reason?.contains("1000-byte cap") == true, "\(reason ?? "no reason")")
            let slow = await precache(precacher, [server.url("/slow?seconds=3")])
            guard case .imageDownloadFailed(_, let slowReason) = slow.failure else {
                Issue.record("expected imageDownloadFailed, got \(slow)")
                return
            }
            #expect(slowReason?.contains("500ms") == true)
        }
    }

    @Test func anEmptyListCompletesAtOnceAndBadSettingsAreNamed() async throws {
        let precacher = try URLSessionImagePrecacher()
        #expect(try await precache(precacher, []).get().isEmpty)
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "maxConcurrentDownloads", reason: "expected at least 1, got 0")
        ) {
            try URLSessionImagePrecacher(maxConcurrentDownloads: 0)
        }
    }

    @Test func theCacheEvictsTheLeastRecentlyUsedImagesFirst() throws {
        let urls = try (0..<4).map { try #require(URL(string: "https://cdn.example/\($0).png")) }
        let entry = ImageMemoryCache.cost(of: Data(count: 10), for: urls[0])
        var cache = ImageMemoryCache(capacityBytes: 3 * entry, capacityEntries: 100)
        cache.insert(Data(count: 10), for: urls[0])
        cache.insert(Data(count: 10), for: urls[1])
        cache.insert(Data(count: 10), for: urls[2])
        _ = cache.data(for: urls[0])
        cache.insert(Data(count: 10), for: urls[3])
        #expect(cache.urls == [urls[0], urls[2], urls[3]])
        #expect(cache.peek(urls[2])?.count == 10)
        #expect(cache.totalBytes == 3 * entry)
        cache.insert(Data(count: 3 * entry), for: urls[1])
        #expect(!cache.urls.contains(urls[1]), "an image larger than the cache is not kept")
        cache.insert(Data(count: 2 * entry), for: urls[1])
        #expect(cache.urls == [urls[1]])
    }

    /// 20,000 empty images with 4 KB URLs once filled a "16 MiB" cache with 178 MB: URLs and bookkeeping count,
    /// and so does the number of entries.
    @Test func theCacheCountsURLsAndEntries() throws {
        var cache = ImageMemoryCache(capacityBytes: 1 << 20, capacityEntries: 64)
        let longPath = String(repeating: "p", count: 4000)
        for number in 0..<20_000 {
            let url = try #require(URL(string: "https://cdn.example/\(longPath)/\(number).png"))
            cache.insert(Data(), for: url)
        }
        #expect(cache.count <= 64)
        #expect(cache.totalBytes <= 1 << 20)
        #expect(cache.totalBytes >= cache.count * 4000, "each entry's URL counts")
        var byBytes = ImageMemoryCache(capacityBytes: 40_000, capacityEntries: 10_000)
        for number in 0..<1_000 {
            byBytes.insert(Data(), for: try #require(URL(string: "https://cdn.example/\(longPath)/\(number).png")))
        }
        #expect(byBytes.count < 10, "zero-byte images with long URLs are bounded by bytes")
    }
}
