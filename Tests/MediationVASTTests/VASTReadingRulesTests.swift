import Foundation
import Testing

@testable import MediationVAST

/// What the parser reads, what it ignores and the order of the issues are what the VAST reading rules say,
/// whatever order the elements come in: pinned so that a faster way of building the model cannot change them.
@Suite struct VASTReadingRulesTests {
    /// Issues come in reading order (the creative's attributes, then its media files by kind, then its
    /// trackers; the ad's `Error` URLs after its creatives), not in document order.
    @Test func issuesFollowTheReadingOrderNotTheDocumentOrder() throws {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><Error>bad-error</Error><AdSystem>S</AdSystem><AdTitle>T</AdTitle>\
            <Impression>https://t.example/i</Impression><Creatives><Creative><Linear skipoffset="soon">\
            <TrackingEvents><Tracking>https://t.example/no-event</Tracking></TrackingEvents>\
            <Duration>00:00:10</Duration><MediaFiles><Mezzanine>bad-mezzanine</Mezzanine>\
            <MediaFile delivery="progressive" type="video/mp4" width="w">https://cdn.example/a.mp4</MediaFile>\
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        let linear = "VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[1]/Linear[1]"
        #expect(
            document.issues.map(\.path) == [
                linear, linear + "/MediaFiles[1]/MediaFile[1]", linear + "/MediaFiles[1]/Mezzanine[1]",
                linear + "/TrackingEvents[1]/Tracking[1]", "VAST/Ad[1]/InLine[1]/Error[1]",
            ], "\(document.issues)")
        #expect(document.issues.first?.message == "skipoffset='soon' is unreadable; not skippable")
        #expect(document.ads.first?.linear?.mediaFiles.map(\.width) == [0])
    }

    /// What is inside a part that is left out raises no issue: an ad with both `InLine` and `Wrapper`, a linear
    /// creative of an `InLine` ad without a `Duration`.
    @Test func nothingInsideALeftOutPartIsReported() throws {
        let xml = """
            <VAST version="4.2"><Ad id="a"><InLine><Impression>bad-1</Impression></InLine><Wrapper/></Ad>\
            <Ad id="b"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle><Impression>https://t.example/i</Impression>\
            <Creatives><Creative><Linear><TrackingEvents><Tracking event="start">bad-2</Tracking></TrackingEvents>\
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        #expect(document.issues.map(\.code) == [.schemaValidation, .schemaValidation], "\(document.issues)")
        #expect(
            document.issues.map(\.path) == [
                "VAST/Ad[1]", "VAST/Ad[2]/InLine[1]/Creatives[1]/Creative[1]/Linear[1]",
            ])
        #expect(document.ads.map(\.id) == ["b"])
        #expect(document.ads.first?.creatives.isEmpty == true)
    }

    /// Where VAST allows one element of a name, the first is read and later ones are ignored with everything in
    /// them; a `NonLinearAds` beside a `Linear` is read too (VAST 4 lets one Creative hold both).
    @Test func laterElementsOfASingleKindAreIgnored() throws {
        let xml = """
            <VAST version="4.2"><Ad><InLine><AdSystem>S</AdSystem><AdTitle>first</AdTitle><AdTitle>second</AdTitle>\
            <Impression>https://t.example/i</Impression><Creatives><Creative><Linear><Duration>00:00:05</Duration>\
            <TrackingEvents><Tracking event="start">https://t.example/start</Tracking></TrackingEvents>\
            <TrackingEvents><Tracking event="complete">not-a-url</Tracking></TrackingEvents></Linear>\
            <NonLinearAds><NonLinear width="x"/></NonLinearAds></Creative></Creatives></InLine>\
            <InLine><AdTitle>other</AdTitle><Impression>bad</Impression></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        let ad = try #require(document.ads.first)
        #expect(ad.adTitle == "first")
        #expect(ad.linear?.trackers.map(\.url.absoluteString) == ["https://t.example/start"])
        #expect(ad.creatives.map(\.kindName) == ["linear+nonlinear"])
        #expect(
            document.issues.map(\.path) == [
                "VAST/Ad[1]/InLine[1]/Creatives[1]/Creative[1]/NonLinearAds[1]/NonLinear[1]"
            ], "only the NonLinear's unreadable width: \(document.issues)")
    }

    /// Unknown elements are skipped with everything in them, but still count for the paths of later elements of
    /// their name; elements are matched by their name without a namespace prefix, and paths name them as written.
    @Test func unknownElementsAreSkippedAndPrefixedNamesMatchByLocalName() throws {
        let xml = """
            <VAST version="4.2"><Ad><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>\
            <Unknown><Impression>https://t.example/hidden</Impression></Unknown>\
            <v:Impression xmlns:v="urn:example">https://t.example/ns</v:Impression><Impression>not a url</Impression>\
            <Unknown/><Unknown><Error>not a url either</Error></Unknown></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        #expect(document.ads.first?.impressions.map(\.url.absoluteString) == ["https://t.example/ns"])
        #expect(document.issues.map(\.path) == ["VAST/Ad[1]/InLine[1]/Impression[1]"], "\(document.issues)")
    }

    /// Text reaches the parser in pieces (around entity references, CDATA and comments, and a long CDATA block
    /// in several callbacks); the pieces are joined before the URL is read.
    @Test func textInPiecesIsJoinedBeforeItIsRead() throws {
        let long = String(repeating: "a", count: 20_000)
        let xml = """
            <VAST version="4.2"><Ad><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
            <Impression>
              https://t.example/i?a=1&amp;b=<![CDATA[2&c=3]]><!-- note -->&#x26;d=4
            </Impression>
            <Impression><![CDATA[https://t.example/\(long)]]></Impression></InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        let urls = try #require(document.ads.first?.impressions.map(\.url.absoluteString))
        #expect(urls == ["https://t.example/i?a=1&b=2&c=3&d=4", "https://t.example/\(long)"])
    }

    /// Extensions are kept as raw XML, nested elements and all (attributes in name order, each element's text
    /// before its children); an `AdVerifications` extension is also read as verifications, after the ad's own.
    @Test func extensionsAreKeptRawAndVerificationExtensionsAreRead() throws {
        let xml = """
            <VAST version="4.2"><Ad><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>\
            <Impression>https://t.example/i</Impression><Extensions>\
            <Extension type="AdVerifications"><AdVerifications><Verification vendor="ext">\
            <JavaScriptResource apiFramework="omid"><![CDATA[https://v.example/ext.js]]></JavaScriptResource>\
            </Verification></AdVerifications></Extension>\
            <Extension type="custom"> lead <b z="2" a="1&amp;">x<c/></b> tail <d></d></Extension></Extensions>\
            <AdVerifications><Verification vendor="own"><JavaScriptResource>https://v.example/own.js\
            </JavaScriptResource></Verification></AdVerifications>\
            <Creatives><Creative><CreativeExtensions><CreativeExtension type="c"><e f="g"/></CreativeExtension>\
            </CreativeExtensions><CompanionAds/></Creative></Creatives></InLine></Ad></VAST>
            """
        let ad = try #require(try VASTParser().parse(Data(xml.utf8)).ads.first)
        #expect(ad.verifications.map(\.vendor) == ["own", "ext"])
        #expect(ad.extensions.map(\.type) == ["AdVerifications", "custom"])
        #expect(
            ad.extensions.first?.rawXML
                == "<AdVerifications><Verification vendor=\"ext\"><JavaScriptResource apiFramework=\"omid\">"
                + "https://v.example/ext.js</JavaScriptResource></Verification></AdVerifications>")
        #expect(ad.extensions.last?.rawXML == "lead  tail<b a=\"1&amp;\" z=\"2\">x<c/></b><d/>")
        #expect(ad.creatives.first?.extensions == [VASTExtension(type: "c", rawXML: "<e f=\"g\"/>")])
    }

    /// The ad limit counts every `Ad`, also those past it, which are not read.
    @Test func theAdLimitNamesEveryAd() {
        let ads = (1...5).map { "<Ad id=\"\($0)\"><Wrapper/></Ad>" }.joined()
        let error = Fixture.refusal("<VAST version=\"4.2\">\(ads)</VAST>", limits: VASTParseLimits(maxAds: 2))
        #expect(error == VASTError(.xmlParse, "5 ads, over the limit of 2", path: "VAST"))
    }
}
