import Foundation
import MediationVAST

/// Serves VAST documents from memory, keyed by URL, and records every URL asked for.
final class StubDocumentLoader: VASTDocumentLoading, @unchecked Sendable {
    private let lock = NSLock()
    private var documents: [String: String]
    private var failures: [String: VASTLoadFailure]
    private var requestedURLs: [String] = []

    init(documents: [String: String], failures: [String: VASTLoadFailure] = [:]) {
        self.documents = documents
        self.failures = failures
    }

    var requested: [String] {
        lock.withLock { requestedURLs }
    }

    func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
        let key = url.absoluteString
        let (document, failure) = lock.withLock {
            requestedURLs.append(key)
            return (documents[key], failures[key])
        }
        if let failure { throw failure }
        guard let document else { throw .unavailable("HTTP status 404") }
        return Data(document.utf8)
    }
}

/// Small VAST documents for the resolver tests.
enum StubVAST {
    static func wrapper(
        to next: String, name: String, attributes: String = "", sequence: Int? = nil, extra: String = ""
    ) -> String {
        let sequenceAttribute = sequence.map { " sequence=\"\($0)\"" } ?? ""
        return """
            <VAST version="4.1"><Ad id="\(name)"\(sequenceAttribute)><Wrapper \(attributes)><AdSystem>W</AdSystem>
            <VASTAdTagURI><![CDATA[\(next)]]></VASTAdTagURI>
            <Error><![CDATA[https://t.example/\(name)/error/[ERRORCODE]]]></Error>
            <Impression><![CDATA[https://t.example/\(name)/impression]]></Impression>
            <Creatives><Creative><Linear><TrackingEvents>
            <Tracking event="start"><![CDATA[https://t.example/\(name)/start]]></Tracking>
            <Tracking event="complete"><![CDATA[https://t.example/\(name)/complete]]></Tracking>
            </TrackingEvents><VideoClicks>
            <ClickThrough><![CDATA[https://t.example/\(name)/landing]]></ClickThrough>
            <ClickTracking><![CDATA[https://t.example/\(name)/click]]></ClickTracking>
            </VideoClicks></Linear></Creative>\(extra)</Creatives></Wrapper></Ad></VAST>
            """
    }

    static func inlineAd(_ name: String, sequence: Int? = nil, clickThrough: Bool = false) -> String {
        let sequenceAttribute = sequence.map { " sequence=\"\($0)\"" } ?? ""
        let click = clickThrough ? "<ClickThrough><![CDATA[https://t.example/\(name)/landing]]></ClickThrough>" : ""
        return """
            <Ad id="\(name)"\(sequenceAttribute)><InLine><AdSystem>I</AdSystem><AdTitle>\(name)</AdTitle>
            <Error><![CDATA[https://t.example/\(name)/error/[ERRORCODE]]]></Error>
            <Impression><![CDATA[https://t.example/\(name)/impression]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration>
            <TrackingEvents><Tracking event="start"><![CDATA[https://t.example/\(name)/start]]></Tracking></TrackingEvents>
            <VideoClicks>\(click)<ClickTracking><![CDATA[https://t.example/\(name)/click]]></ClickTracking></VideoClicks>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
            <![CDATA[https://cdn.example/\(name).mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>
            </InLine></Ad>
            """
    }

    static func document(_ ads: String...) -> String {
        "<VAST version=\"4.1\">" + ads.joined() + "</VAST>"
    }
}
