import Foundation
import MediationVAST

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `mediation bench --vast [--vast-samples DIR]`: what building the VAST model costs against a bare `XMLParser`
/// pass over the same bytes, on a generated single InLine ad, a generated 200 KB pod and every `.xml` file of DIR
/// (for example the IAB's VAST_Samples, which are not shipped here), and what a 5-wrapper chain adds beyond its
/// fetches (an in-memory loader, so the fetches cost nothing).
///
/// Each figure is the median of `runs` passes; the ratio is model ÷ bare, measured in the same run.
struct VASTBench {
    struct Row {
        var name: String
        var bytes: Int
        var bareMicroseconds: Double
        var modelMicroseconds: Double
        var ratio: Double { bareMicroseconds > 0 ? modelMicroseconds / bareMicroseconds : 0 }
    }

    var rows: [Row]
    var chainMicroseconds: Double
    var chainParseMicroseconds: Double

    static func measure(samplesDirectory: String?, runs: Int = 15, progress: (String) -> Void) async throws
        -> VASTBench
    {
        var inputs: [(String, Data)] = [
            ("generated InLine ad", Data(generatedDocument(ads: 1).utf8)),
            ("generated pod", Data(generatedDocument(ads: podAdCount(forBytes: 200_000)).utf8)),
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
            guard (try? VASTParser().parse(data)) != nil else {
                progress("bench vast: \(name) does not parse; left out")
                continue
            }
            var bare: [Double] = []
            var model: [Double] = []
            for _ in 0..<runs {
                bare.append(time { _ = BareXMLPass.run(data) })
                model.append(time { _ = try? VASTParser().parse(data) })
            }
            rows.append(
                Row(name: name, bytes: data.count, bareMicroseconds: median(bare), modelMicroseconds: median(model)))
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
            parse.append(time { for data in parses { _ = try? VASTParser().parse(data) } })
        }
        return VASTBench(rows: rows, chainMicroseconds: median(chain), chainParseMicroseconds: median(parse))
    }

    func table() -> String {
        var lines = [
            "VAST parse cost (medians; model = VASTParser.parse, bare = XMLParser with a delegate that keeps nothing):",
            "| document | bytes | bare µs | model µs | model ÷ bare |", "| --- | --- | --- | --- | --- |",
        ]
        for row in rows {
            lines.append(
                "| \(row.name) | \(row.bytes) | "
                    + String(format: "%.0f | %.0f | %.2f |", row.bareMicroseconds, row.modelMicroseconds, row.ratio))
        }
        lines.append(
            String(
                format:
                    "5-wrapper chain, in-memory fetches: %.0f µs resolving, of which %.0f µs parsing the 5 documents",
                chainMicroseconds, chainParseMicroseconds))
        return lines.joined(separator: "\n")
    }

    // MARK: Inputs

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

    // MARK: Timing

    private static func time(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return microseconds(ContinuousClock.now - start)
    }

    private static func microseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// An `XMLParser` pass that builds nothing (it counts elements and takes the text callbacks without keeping
/// them): the floor the VAST model is measured against.
private final class BareXMLPass: NSObject, XMLParserDelegate {
    private var elements = 0

    static func run(_ data: Data) -> Int {
        let pass = BareXMLPass()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = pass
        return parser.parse() ? pass.elements : -1
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements += 1
    }

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
