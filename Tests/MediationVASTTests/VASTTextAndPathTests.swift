import Foundation
import Testing

@testable import MediationVAST

/// The parser's own trimming (instead of Foundation's) and the element paths built only when named.
@Suite struct VASTTextAndPathTests {
    @Test func trimmingMatchesFoundationForEveryWhitespaceScalar() {
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0)...0x3100 {
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        for scalar in scalars {
            let text = "\(scalar)a\(scalar)b\(scalar)"
            #expect(
                text.trimmingVASTWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(scalar.value, radix: 16))")
            #expect(
                text.trimmingVASTSpaces == text.trimmingCharacters(in: .whitespaces),
                "U+\(String(scalar.value, radix: 16))")
        }
        for text in ["", " ", "\n\t \u{3000}", "x", " é\u{301} ", "\u{200B}x\u{200B}"] {
            #expect(text.trimmingVASTWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func pathTextCountsSameNamedSiblings() {
        let path = VASTElementPath.child(.child(.root("VAST"), "Ad", 2), "InLine", 1)
        #expect(path.text == "VAST/Ad[2]/InLine[1]")
        #expect(VASTElementPath.root("VAST").text == "VAST")
    }

    @Test func issuesNameDeepPathsAndAttributesMatchIgnoringCase() throws {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
            <Impression>https://t.example/i</Impression><Creatives><Creative><Linear SKIPOFFSET="00:00:05">
            <Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" WIDTH="640"
            height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles></Linear></Creative><Creative>
            <Linear skipoffset="soon"><Duration>00:00:10</Duration><TrackingEvents><Tracking event="start">
            not a url</Tracking></TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        let paths = document.issues.map(\.path)
        #expect(paths.contains("VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[2]/Linear[1]"))
        #expect(
            paths.contains("VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[2]/Linear[1]/TrackingEvents[1]/Tracking[1]"))
        guard let linear = document.ads.first?.creatives.first?.linear else {
            Issue.record("no linear creative")
            return
        }
        #expect(linear.skipOffset != nil)
        #expect(linear.mediaFiles.first?.width == 640)
        #expect(document.ads.first?.path == "VAST/Ad[1]")
    }
}
