import Foundation
import Testing

@testable import MediationVAST

/// URLs as ad servers write them (raw macro brackets, spaces, escapes already present) become valid URLs whose
/// escapes are not encoded twice, so `%5BMACRO%5D` stays expandable.
@Suite struct VASTURLReadingTests {
    @Test(arguments: [
        ("http://h.example/a?bp=[X]&mp=%5BY%5D", "http://h.example/a?bp=%5BX%5D&mp=%5BY%5D"),
        ("https://h.example/p a?q=%20[Z]", "https://h.example/p%20a?q=%20%5BZ%5D"),
        ("https://h.example/a?n=%zz&p=100%", "https://h.example/a?n=%25zz&p=100%25"),
        ("https://h.example/a?x=é#f#g", "https://h.example/a?x=%C3%A9#f%23g"),
        ("http://[::1]:8080/p?x=[A]", "http://[::1]:8080/p?x=%5BA%5D"),
        ("https://h.example/plain?a=1&b=%5B2%5D#top", "https://h.example/plain?a=1&b=%5B2%5D#top"),
    ])
    func urlTextIsEncodedOnceKeepingEscapes(written: String, expected: String) {
        #expect(written.percentEncodedForVASTURL == expected)
    }

    @Test func anImpressionMixingBothMacroFormsIsExpandedInBoth() throws {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
            <Impression><![CDATA[http://t.example/i?bp=[BREAKPOSITION]&mp=%5BMEDIAPLAYHEAD%5D&s=a b]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive"
            type="video/mp4" width="640" height="360">https://cdn.example/a.mp4</MediaFile></MediaFiles></Linear>
            </Creative></Creatives></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        let impression = try #require(document.ads.first?.impressions.first?.url)
        #expect(impression.absoluteString == "http://t.example/i?bp=%5BBREAKPOSITION%5D&mp=%5BMEDIAPLAYHEAD%5D&s=a%20b")
        let values = VASTMacroValues(contentPlayhead: .milliseconds(12_500), breakPosition: 2)
        let expanded = VASTMacroExpander.expand(impression, with: values).absoluteString
        #expect(expanded.contains("bp=2&"), "\(expanded)")
        #expect(expanded.contains("mp=00%3A00%3A12.500&"), "\(expanded)")
        #expect(!expanded.contains("%25"), "no escape was encoded twice: \(expanded)")
    }
}
