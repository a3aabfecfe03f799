import Foundation
import MediationCore
import MediationOpenRTB

/// `mediation bench --openrtb`: the mapping cost of OpenRTB (docs/performance.md): Native markup to a unified ad
/// against a bare `JSONSerialization` pass over the same bytes, and a bid request built against encoding the same
/// request with `JSONEncoder`, measured in one run. The bound is 2× for each.
struct OpenRTBBench: Codable, Sendable {
    /// One comparison.
    struct Row: Codable, Sendable {
        var name: String
        var iterations: Int
        var medianMicroseconds: Double
        var baseline: String
        var baselineMedianMicroseconds: Double
        var ratio: Double
        var withinTwice: Bool
    }

    var rows: [Row]

    /// A markup with every asset type and tracker kind, as an exchange returns it.
    static let markup = Data(
        """
        {"ver":"1.2","assets":[{"id":1,"title":{"text":"Fresh pears, delivered"}},
        {"id":2,"img":{"type":1,"url":"https://cdn.example.com/icon.png","w":80,"h":80}},
        {"id":3,"img":{"type":3,"url":"https://cdn.example.com/main.jpg","w":1200,"h":627}},
        {"id":4,"data":{"type":1,"value":"Pear Co."}},{"id":5,"data":{"type":2,"value":"Crisp pears at your door."}},
        {"id":6,"data":{"type":3,"value":"4.5"}},{"id":7,"data":{"type":12,"value":"Buy now"}}],
        "link":{"url":"https://click.example.com/c?p=${AUCTION_PRICE}","clicktrackers":["https://t.example.com/c"]},
        "imptrackers":["https://t.example.com/i?p=${AUCTION_PRICE}"],"jstracker":"<script></script>",
        "eventtrackers":[{"event":1,"method":1,"url":"https://t.example.com/e"},
        {"event":2,"method":1,"url":"https://t.example.com/v"},{"event":1,"method":2,"url":"https://t.example.com/a.js"}],
        "privacy":"https://privacy.example.com/"}
        """.utf8)

    /// Times each side `iterations` times, in 7 interleaved rounds, and keeps the medians.
    static func measure(iterations: Int = 2_000, progress: (String) -> Void) throws -> OpenRTBBench {
        progress("bench openrtb: \(iterations) markups and bid requests, 7 rounds")
        let mapper = OpenRTBNativeAdMapper(macroValues: AuctionMacroValues(price: 1.5, currency: "USD"))
        _ = try mapper.map(data: markup)
        let nativeRequest = try OpenRTBNativeRequest(wantedAssets: [
            OpenRTBWantedAsset(.title, isRequired: true), OpenRTBWantedAsset(.mainImage, isRequired: true),
            OpenRTBWantedAsset(.iconImage), OpenRTBWantedAsset(.text), OpenRTBWantedAsset(.callToAction),
        ])
        let configuration = OpenRTBBidRequestConfiguration(
            nativeRequest: nativeRequest, timeoutMilliseconds: 800, appBundle: "com.example.app")
        let privacy = try PrivacySettings(
            gdprApplies: true, usPrivacyString: "1YNN", trackingAuthorization: .authorized)
        let prebuilt = OpenRTBBidRequest(id: "r", configuration: configuration, privacy: privacy)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var sums = [[Double]](repeating: [], count: 4)
        var sink = 0
        for _ in 0..<7 {
            let samples = [
                time(iterations) { sink &+= ((try? mapper.map(data: markup))?.impressionTrackers.count ?? 0) },
                time(iterations) {
                    sink &+= ((try? JSONSerialization.jsonObject(with: markup)) as? [String: Any])?.count ?? 0
                },
                time(iterations) {
                    sink &+= OpenRTBBidRequest(id: "r", configuration: configuration, privacy: privacy).jsonData().count
                },
                time(iterations) { sink &+= (try? encoder.encode(prebuilt))?.count ?? 0 },
            ]
            for (index, sample) in samples.enumerated() { sums[index].append(sample) }
        }
        if sink == -1 { progress("") }
        let medians = sums.map { $0.sorted()[3] }
        func row(_ name: String, _ baseline: String, _ index: Int) -> Row {
            let ratio = medians[index] / max(medians[index + 1], 1e-9)
            return Row(
                name: name, iterations: iterations, medianMicroseconds: medians[index], baseline: baseline,
                baselineMedianMicroseconds: medians[index + 1], ratio: ratio, withinTwice: ratio <= 2)
        }
        return OpenRTBBench(rows: [
            row("Native markup → unified ad", "JSONSerialization over the same bytes", 0),
            row("bid request built and encoded", "JSONEncoder over the same request", 2),
        ])
    }

    /// Microseconds of this thread's CPU time per call of `body`, over `iterations` calls
    /// (``BenchThreadCPUClock``: a busy machine's preemption is not counted).
    private static func time(_ iterations: Int, _ body: () -> Void) -> Double {
        BenchThreadCPUClock.measure(iterations, body)
    }

    /// The figures as a table.
    func table() -> String {
        var lines = [
            "OpenRTB mapping cost (medians of 7 rounds of thread CPU time; the bound is 2x the baseline):",
            "| work | µs per call | baseline | baseline µs | ratio | within 2x |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            lines.append(
                String(
                    format: "| %@ | %.2f | %@ | %.2f | %.2f | %@ |", row.name, row.medianMicroseconds, row.baseline,
                    row.baselineMedianMicroseconds, row.ratio, row.withinTwice ? "yes" : "no"))
        }
        return lines.joined(separator: "\n")
    }
}
