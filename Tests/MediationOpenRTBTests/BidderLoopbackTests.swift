import Foundation
import MediationBridge
import MediationOpenRTB
import MediationOpenRTBBidding
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fixtures/bidder_server.py as a child process on 127.0.0.1.
final class BidderServer: Sendable {
    struct Hit: Decodable, Sendable {
        var path: String
        var method: String
        var body: String?
        /// The answer's HTTP status, once the server answered.
        var status: Int?
        /// The answer's body bytes, once the server answered.
        var bytes: Int?
    }

    let port: Int
    private let process: Process
    private let input: FileHandle

    private init(port: Int, process: Process, input: FileHandle) {
        self.port = port
        self.process = process
        self.input = input
    }

    static func run<T: Sendable>(_ body: (BidderServer) async throws -> T) async throws -> T {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/bidder_server.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let line = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var data = Data()
                while !data.contains(UInt8(ascii: "\n")) {
                    let chunk = stdout.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    data.append(chunk)
                }
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }
        }
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            process.terminate()
            throw CancellationError()
        }
        let server = BidderServer(port: port, process: process, input: stdin.fileHandleForWriting)
        defer {
            try? server.input.close()
            server.process.waitUntilExit()
        }
        return try await body(server)
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    func hits() async throws -> [Hit] {
        let (data, _) = try await URLSession.shared.data(from: url("/_hits"))
        return try JSONDecoder().decode([Hit].self, from: data)
    }
}

@Suite struct BidderLoopbackTests {
    /// A bidder for `endpoint`. Its `tmax` defaults to 10 s: the loopback server answers at once, but under a
    /// sanitizer with the whole suite running it has taken over 2 s to answer (BidderMoneyTests under ASan); a test
    /// about the timeout sets a short one, and a passing test waits only as long as its answer takes.
    static func bidder(_ endpoint: URL, timeoutMilliseconds: Int = 10_000) -> OpenRTBBidder {
        OpenRTBBidder(
            endpoint: endpoint,
            configuration: OpenRTBBidRequestConfiguration(
                nativeRequest: NativeMarkupFixtures.request, timeoutMilliseconds: timeoutMilliseconds,
                appBundle: "com.example.pears"))
    }

    @Test func theServerReceivesPrivacyTheNativeRequestAndTmaxAndTheBidMaps() async throws {
        try await BidderServer.run { server in
            let privacy = try PrivacySettings(
                gdprApplies: true, tcfConsentString: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
                usPrivacyString: "1YNN", gppString: "DBABMA~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
                gppSectionIDs: [7], trackingAuthorization: .denied)
            let outcome = await Self.bidder(server.url("/bid")).requestBids(
                requestID: "auction-1", privacy: privacy, advertisingIdentifier: "IDFA-1")
            let hit = try #require(try await server.hits().first { $0.path == "/bid" })
            let body = try #require(
                JSONSerialization.jsonObject(with: Data((hit.body ?? "").utf8)) as? [String: Any])
            #expect(body["id"] as? String == "auction-1")
            #expect(body["tmax"] as? Int == 10_000)
            let regs = try #require(body["regs"] as? [String: Any])
            #expect(regs["gdpr"] as? Int == 1 && regs["us_privacy"] as? String == "1YNN")
            #expect(regs["gpp_sid"] as? [Int] == [7] && regs["coppa"] as? Int == 0)
            #expect((body["user"] as? [String: Any])?["consent"] as? String == privacy.tcfConsentString)
            let device = try #require(body["device"] as? [String: Any])
            #expect(device["ifa"] == nil && device["lmt"] as? Int == 1)
            let imp = try #require((body["imp"] as? [[String: Any]])?.first)
            #expect((imp["native"] as? [String: Any])?["request"] as? String == NativeMarkupFixtures.request.jsonString)

            #expect(outcome.noBidReason == nil)
            #expect(outcome.auctionID == "auction-1")
            let bid = try #require(outcome.bids.first)
            #expect(outcome.bids.count == 1)
            #expect(bid.price == 2.5 && bid.creativeID == "cr-1" && bid.expirySeconds == 300)
            #expect(outcome.dropped.map(\.path) == ["$.seatbid[0].bid[1].impid"])
            let mapping = try OpenRTBNativeAdMapper(macroValues: bid.macroValues()).map(markup: bid.adMarkup)
            #expect(mapping.properties.text(.title) == "Loopback Pears")
            #expect(mapping.impressionTrackers.first?.absoluteString == server.url("/track/imp?p=2.5").absoluteString)
            let win = AuctionMacroExpander.expand(bid.winNoticeURL ?? "", with: bid.macroValues(clearingPrice: 2.1))
            #expect(win == server.url("/track/win?p=2.1").absoluteString)
        }
    }

    @Test func http204IsANoBid() async throws {
        try await BidderServer.run { server in
            let outcome = await Self.bidder(server.url("/nobid")).requestBids(privacy: .unrestricted)
            #expect(outcome.bids.isEmpty)
            #expect(outcome.noBidReason == "no bid (HTTP 204)")
        }
    }

    @Test func aBidderSlowerThanTmaxTimesOut() async throws {
        try await BidderServer.run { server in
            // The server answers after 5 s with a body whose ID does not match: had the bidder waited for it, the
            // reason would be an invalid response. The timeout reason proves it gave up at tmax (no wall-clock
            // bound: a loaded machine queues requests, which would make one flaky).
            let outcome = await Self.bidder(server.url("/slow?seconds=5"), timeoutMilliseconds: 200)
                .requestBids(privacy: .unrestricted)
            #expect(outcome.bids.isEmpty)
            #expect(outcome.noBidReason == "no complete answer within 200ms")
        }
    }

    @Test func garbageIsAnInvalidResponse() async throws {
        try await BidderServer.run { server in
            let outcome = await Self.bidder(server.url("/garbage")).requestBids(privacy: .unrestricted)
            #expect(outcome.bids.isEmpty)
            #expect(outcome.noBidReason?.hasPrefix("invalid response: invalid bid markup at $: not valid JSON") == true)
        }
    }

    @Test func aCleartextEndpointIsRefusedUnsent() async {
        let outcome = await Self.bidder(URL(string: "http://bidder.example.com/openrtb2/auction")!)
            .requestBids(privacy: .unrestricted)
        #expect(outcome.noBidReason?.hasPrefix("endpoint refused: cleartext http") == true)
    }
}
