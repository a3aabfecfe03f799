import Foundation
import Testing

@testable import MediationVAST

/// The cheaper paths the parser takes for common text (issue 26's parse-cost target) read exactly what the
/// general paths read.
@Suite struct VASTParseCostPathTests {
    static let times: [(String, Duration?)] = [
        ("00:00:30", .seconds(30)),
        ("1:2:3", .seconds(3723)),
        ("999:59:59", .seconds(999 * 3600 + 59 * 60 + 59)),
        ("0000:00:01", .seconds(1)),
        ("1000:00:00", nil),
        ("00:60:00", nil),
        ("00:00:60", nil),
        ("00:000:01", nil),
        ("00::01", nil),
        ("00:00:", nil),
        (":00:01", nil),
        ("00:00:01:02", nil),
        ("+1:00:00", .seconds(3600)),
        ("00:00:05.250", .milliseconds(5250)),
        ("\n 00:01:00 \t", .seconds(60)),
    ]

    /// Plain `H:MM:SS` is read on the bytes; every other form goes the general way. Both must agree.
    @Test(arguments: times)
    func plainTimesReadLikeTheGeneralForm(text: String, expected: Duration?) {
        #expect(VASTTime.parse(text) == expected)
    }

    @Test func urlTextNeedingManyEscapesIsEncodedWhole() {
        #expect(
            "https://h.example/ü ü?x=[[]]#a#b".percentEncodedForVASTURL
                == "https://h.example/%C3%BC%20%C3%BC?x=%5B%5B%5D%5D#a%23b")
        let plain = "https://h.example/a/b?c=%5Bd%5D&e=f#g"
        #expect(plain.percentEncodedForVASTURL == plain)
    }

    /// The scheme is decided on the text before `URL(string:)` is asked: only http(s) in any case, and a
    /// protocol-relative URL read as https, are kept; the others are left out with a warning each, in order.
    @Test func onlyHTTPURLsAreKeptWithAWarningForEachOther() throws {
        let impressions = [
            "HTTPS://h.example/1", "httpx://h.example/2", "ftp://h.example/3", "//h.example/4", "http:", "https",
            "Http://h.example/7",
        ].map { "<Impression><![CDATA[\($0)]]></Impression>" }.joined()
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>\(impressions)
            <Creatives/></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        let urls = document.ads.first?.impressions.map(\.url.absoluteString)
        #expect(urls == ["HTTPS://h.example/1", "https://h.example/4", "Http://h.example/7"])
        let leftOut = document.issues.filter { $0.message.contains("is not an http(s) URL") }
        #expect(leftOut.map(\.path) == (2...6).filter { $0 != 4 }.map { "VAST/Ad[1]/InLine[1]/Impression[\($0)]" })
    }

    /// White space after text is held back while parsing and kept only when more text follows it, so text
    /// split around comments and CDATA reads as it is written.
    @Test func whiteSpaceBetweenPiecesOfTextIsKept() throws {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>S</AdSystem>
            <AdTitle>one<!-- a --> <!-- b -->two <![CDATA[three]]>
            </AdTitle><Description>
            <![CDATA[ four ]]>  <Extra/>  five<!-- c -->  </Description>
            <Impression>https://t.example/i</Impression><Creatives/></InLine></Ad></VAST>
            """
        let ad = try #require(try VASTParser().parse(Data(xml.utf8)).ads.first)
        #expect(ad.adTitle == "one two three")
        #expect(ad.adDescription == "four     five")
    }

    /// Element paths count same-named siblings only, whatever elements lie between them.
    @Test func pathsCountSameNamedSiblingsAcrossOtherElements() throws {
        let xml = """
            <VAST version="4.2"><Error>https://e.example/1</Error><Ad id="a"><Wrapper><AdSystem>S</AdSystem>
            </Wrapper></Ad><x/><Ad id="b"><Wrapper><AdSystem>S</AdSystem><VASTAdTagURI>https://n.example
            </VASTAdTagURI></Wrapper></Ad><Error>not a url</Error><Ad id="c"/></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        #expect(document.ads.map(\.path) == ["VAST/Ad[2]"])
        #expect(
            document.issues.map(\.path) == ["VAST/Ad[1]/Wrapper[1]", "VAST/Ad[3]", "VAST/Error[2]"],
            "\(document.issues)")
    }
}
