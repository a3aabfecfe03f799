import Foundation
import MediationSupport
import MediationVAST

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `mediation bench --vast [--vast-samples DIR]`: what building the VAST model costs against a bare `XMLParser`
/// pass over the same bytes, on a generated single InLine ad, a generated 200 KB pod and every `.xml` file of DIR
/// (for example the IAB's VAST_Samples, which are not shipped here), and what a 5-wrapper chain adds beyond its
/// fetches: once with an in-memory loader (the fetches cost nothing, so all the time is the chain's own), and once
/// with a loader whose every fetch takes 2 ms (the chain's wall time less the time spent inside its fetches).
///
/// Each parse figure is the median of `runs` samples of the thread's CPU time (``BenchThreadCPUClock``), a sample
/// timing enough passes to take about 2 ms; bare and model samples alternate. The ratio is model ÷ bare, measured
/// in the same run. The chain figures are wall time, as waiting is what they are about, from the least disturbed
/// of `runs` runs.
struct VASTBench {
    struct Row {
        var name: String
        var bytes: Int
        var bareMicroseconds: Double
        var modelMicroseconds: Double
        /// How many URLs the model holds.
        var urlCount: Int
        /// What `URL(string:)` costs for the texts of the model's URLs: what a player pays if it asks for every
        /// URL. The parse pays it only for the few URLs kept as `URL` and for text whose authority is not a plain
        /// host name; the rest are kept as checked text until asked for.
        var urlMicroseconds: Double
        var ratio: Double { bareMicroseconds > 0 ? modelMicroseconds / bareMicroseconds : 0 }
    }

    var rows: [Row]
    var chainMicroseconds: Double
    var chainParseMicroseconds: Double
    /// The chain's wall time when each of its 5 fetches takes 2 ms.
    var slowChainMicroseconds: Double
    /// The time the slow chain spent inside its fetches.
    var slowChainFetchMicroseconds: Double

    static func measure(samplesDirectory: String?, runs: Int = 15, progress: (String) -> Void) async throws
        -> VASTBench
    {
        var inputs: [(String, Data)] = [
            ("generated InLine ad", Data(generatedDocument(ads: 1).utf8)),
            (podName, Data(generatedDocument(ads: podAdCount(forBytes: 200_000)).utf8)),
        ]
        if let samplesDirectory {
            let directory = URL(fileURLWithPath: samplesDirectory)
            let names = try FileManager.default.contentsOfDirectory(atPath: samplesDirectory).filter {
                $0.hasSuffix(".xml")
            }.sorted()
            for name in names {
                inputs.append((name, try Data(contentsOf: directory.appendingPathComponent(name))))
            }
        }
        var rows: [Row] = []
        for (name, data) in inputs {
            progress("bench vast: \(name), \(data.count) bytes")
            guard let document = try? VASTParser().parse(data) else {
                progress("bench vast: \(name) does not parse; left out")
                continue
            }
            let urlTexts = urlTexts(in: document)
            let repeats = max(1, Int(2_000 / max(1, time { _ = BareXMLPass.run(data) })))
            var bare: [Double] = []
            var model: [Double] = []
            var urlTimes: [Double] = []
            for _ in 0..<runs {
                bare.append(time(repeats) { _ = BareXMLPass.run(data) })
                model.append(time(repeats) { _ = try? VASTParser().parse(data) })
                urlTimes.append(time(repeats) { for text in urlTexts { _ = URL(string: text) } })
            }
            rows.append(
                Row(
                    name: name, bytes: data.count, bareMicroseconds: median(bare), modelMicroseconds: median(model),
                    urlCount: urlTexts.count, urlMicroseconds: median(urlTimes)))
        }
        var documents: [String: String] = [:]
        for hop in 1...4 {
            documents["https://bench.invalid/\(hop)"] = wrapperDocument(next: "https://bench.invalid/\(hop + 1)")
        }
        documents["https://bench.invalid/5"] = generatedDocument(ads: 1)
        let root = try VASTParser().parse(Data(wrapperDocument(next: "https://bench.invalid/1").utf8))
        let resolver = VASTWrapperResolver(loader: MemoryLoader(documents: documents))
        var chain: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let resolution = await resolver.resolve(root)
            precondition(resolution.ads.count == 1, "the bench chain did not resolve")
            chain.append(microseconds(ContinuousClock.now - start))
        }
        let parses = documents.values.map { Data($0.utf8) }
        var parse: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            for data in parses { _ = try? VASTParser().parse(data) }
            parse.append(microseconds(ContinuousClock.now - start))
        }
        let slowLoader = SlowMemoryLoader(documents: documents, delay: .milliseconds(2))
        let slowResolver = VASTWrapperResolver(loader: slowLoader)
        var slowChain: [Double] = []
        var slowFetches: [Double] = []
        for _ in 0..<runs {
            slowLoader.reset()
            let start = ContinuousClock.now
            let resolution = await slowResolver.resolve(root)
            precondition(resolution.ads.count == 1, "the bench chain did not resolve")
            slowChain.append(microseconds(ContinuousClock.now - start))
            slowFetches.append(slowLoader.fetchMicroseconds)
        }
        // Wall time on a shared machine only ever grows by other work, so the chain figures keep the least
        // disturbed run: the fastest resolution and parse, and the run with the least time beyond its fetches.
        let slowIndex = slowChain.indices.min { slowChain[$0] - slowFetches[$0] < slowChain[$1] - slowFetches[$1] } ?? 0
        return VASTBench(
            rows: rows, chainMicroseconds: chain.min() ?? 0, chainParseMicroseconds: parse.min() ?? 0,
            slowChainMicroseconds: slowChain[slowIndex], slowChainFetchMicroseconds: slowFetches[slowIndex])
    }

    func table() -> String {
        var lines = [
            "VAST parse cost (medians of thread CPU time; model = VASTParser.parse, bare = XMLParser with a delegate "
                + "that receives every event and keeps nothing; the bound is 2x):",
            "| document | bytes | bare µs | model µs | model ÷ bare | within 2x | URLs | URL(string:) µs | ÷ bare |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            lines.append(
                "| \(row.name) | \(row.bytes) | "
                    + String(format: "%.1f | %.1f | %.2f |", row.bareMicroseconds, row.modelMicroseconds, row.ratio)
                    + (row.ratio <= 2 ? " yes |" : " no |") + " \(row.urlCount) | "
                    + String(
                        format: "%.1f | %.2f |", row.urlMicroseconds,
                        row.bareMicroseconds > 0 ? row.urlMicroseconds / row.bareMicroseconds : 0))
        }
        let ratios = rows.map(\.ratio).sorted()
        if let worst = ratios.last {
            lines.append(
                String(
                    format: "%d documents: model ÷ bare median %.2f, worst %.2f; %d of %d within 2x", rows.count,
                    ratios[ratios.count / 2], worst, ratios.filter { $0 <= 2 }.count, rows.count))
        }
        // The target (issue 26) is the median and the 200 KB pod within 2x, so the pod is named on its own.
        if let pod = rows.first(where: { $0.name == Self.podName }) {
            lines.append(
                "\(pod.name) (\(pod.bytes) bytes): model ÷ bare " + String(format: "%.2f", pod.ratio)
                    + (pod.ratio <= 2 ? ", within 2x" : ", over 2x"))
        }
        lines.append(
            String(
                format:
                    "5-wrapper chain, in-memory fetches (wall, best of runs): %.0f µs resolving, of which %.0f µs "
                    + "parsing the 5 documents (the resolver's own: %.0f µs)",
                chainMicroseconds, chainParseMicroseconds, chainMicroseconds - chainParseMicroseconds))
        lines.append(
            String(
                format:
                    "5-wrapper chain, 2 ms per fetch (wall, best of runs): %.0f µs, %.0f µs inside the fetches; "
                    + "beyond its fetches %.0f µs (parsing and resolving, no waiting)",
                slowChainMicroseconds, slowChainFetchMicroseconds, slowChainMicroseconds - slowChainFetchMicroseconds))
        return lines.joined(separator: "\n")
    }

    // MARK: Inputs

    /// The name of the generated 200 KB pod's row.
    static let podName = "generated pod"

    static func podAdCount(forBytes bytes: Int) -> Int {
        max(1, bytes / max(1, generatedAd(sequence: 1).utf8.count))
    }

    static func generatedDocument(ads: Int) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><VAST version=\"4.2\">"
            + (1...ads).map { generatedAd(sequence: ads > 1 ? $0 : nil) }.joined() + "</VAST>"
    }

    static func generatedAd(sequence: Int?) -> String {
        let number = sequence ?? 0
        let events = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "skip"]
        let tracking = events.map {
            "<Tracking event=\"\($0)\"><![CDATA[https://t.example/\(number)/\($0)?cb=[CACHEBUSTING]]]></Tracking>"
        }.joined()
        let files = [(1920, 1080, 4000), (1280, 720, 2000), (640, 360, 800)].map { width, height, bitrate in
            "<MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"\(width)\" height=\"\(height)\" "
                + "bitrate=\"\(bitrate)\"><![CDATA[https://cdn.example/\(number)/\(height).mp4]]></MediaFile>"
        }.joined()
        return
            "<Ad id=\"ad-\(number)\"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>Bench</AdSystem>"
            + "<AdTitle>Ad \(number)</AdTitle><Impression><![CDATA[https://t.example/\(number)/imp]]></Impression>"
            + "<Error><![CDATA[https://t.example/\(number)/err?c=[ERRORCODE]]]></Error><Creatives><Creative>"
            + "<Linear skipoffset=\"00:00:05\"><Duration>00:00:30</Duration><MediaFiles>\(files)</MediaFiles>"
            + "<TrackingEvents>\(tracking)</TrackingEvents><VideoClicks><ClickThrough><![CDATA[https://b.example/\(number)]]>"
            + "</ClickThrough><ClickTracking><![CDATA[https://t.example/\(number)/click]]></ClickTracking></VideoClicks>"
            + "</Linear></Creative></Creatives></InLine></Ad>"
    }

    static func wrapperDocument(next: String) -> String {
        "<VAST version=\"4.2\"><Ad><Wrapper><AdSystem>W</AdSystem><VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>"
            + "<Impression><![CDATA[https://t.example/w]]></Impression><Creatives><Creative><Linear><TrackingEvents>"
            + "<Tracking event=\"start\"><![CDATA[https://t.example/w/start]]></Tracking></TrackingEvents></Linear>"
            + "</Creative></Creatives></Wrapper></Ad></VAST>"
    }

    /// The text of every URL the model holds, whether kept as a `URL` or as its checked text (a value of
    /// MediationVAST's internal `VASTURLText`, whose one stored field is the text), found by reflection so that no
    /// field is missed.
    static func urlTexts(in value: Any) -> [String] {
        if let url = value as? URL { return [url.absoluteString] }
        let mirror = Mirror(reflecting: value)
        if String(describing: mirror.subjectType) == "VASTURLText" {
            return mirror.children.compactMap { $0.value as? String }
        }
        return mirror.children.flatMap { urlTexts(in: $0.value) }
    }

    // MARK: Timing

    /// Microseconds of this thread's CPU time per call of `body`, over `repeats` calls.
    private static func time(_ repeats: Int = 1, _ body: () -> Void) -> Double {
        BenchThreadCPUClock.measure(repeats, body)
    }

    private static func microseconds(_ duration: Duration) -> Double {
        duration.milliseconds * 1_000
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// An `XMLParser` pass that builds nothing (it counts elements and takes the element, text and CDATA callbacks
/// without keeping them), set up as ``VASTParser`` sets its parser up: the floor the VAST model is measured against.
private final class BareXMLPass: NSObject, XMLParserDelegate {
    private var elements = 0

    static func run(_ data: Data) -> Int {
        let pass = BareXMLPass()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = pass
        return parser.parse() ? pass.elements : -1
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements += 1
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {}

    func parser(_ parser: XMLParser, foundCharacters string: String) {}

    func parser(_ parser: XMLParser, foundCDATA block: Data) {}
}

/// Serves the bench chain's documents from memory.
private struct MemoryLoader: VASTDocumentLoading {
    var documents: [String: String]

    func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
        guard let text = documents[url.absoluteString] else { throw .unavailable("not in the bench chain") }
        return Data(text.utf8)
    }
}

/// Serves the bench chain's documents from memory after a fixed delay, and adds up the time spent inside its
/// fetches.
private final class SlowMemoryLoader: VASTDocumentLoading, @unchecked Sendable {
    private let documents: [String: String]
    private let delay: Duration
    private let lock = NSLock()
    private var total: Duration = .zero

    init(documents: [String: String], delay: Duration) {
        self.documents = documents
        self.delay = delay
    }

    /// The time spent inside fetches since the last ``reset()``, in microseconds.
    var fetchMicroseconds: Double {
        let elapsed = lock.withLock { total }
        return elapsed.milliseconds * 1_000
    }

    func reset() {
        lock.withLock { total = .zero }
    }

    func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            lock.withLock { total += elapsed }
        }
        try? await Task.sleep(for: delay)
        guard let text = documents[url.absoluteString] else { throw .unavailable("not in the bench chain") }
        return Data(text.utf8)
    }
}
