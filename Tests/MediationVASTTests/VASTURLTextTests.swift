import Foundation
import Testing

@testable import MediationVAST

/// The model keeps most URLs as checked text and makes the `URL` when asked: the text it keeps must always make
/// the very `URL` the reader made before, when it made each one while reading, and text it refused before must
/// still be refused.
@Suite struct VASTURLTextTests {
    /// The reader's rule before URLs were kept as text: the `URL` it made for trimmed `written`, or `nil`; a
    /// protocol-relative URL was given its `https:` before the rule, as the shared rule now does in the reader.
    private static func urlAsReadBefore(_ written: String) -> URL? {
        let text = written.hasPrefix("//") ? "https:" + written : written
        guard VASTURLText.hasHTTPScheme(text), let parsed = URL(string: text.percentEncodedForVASTURL),
            VASTURLText.hasEvidentHost(text) || parsed.host(percentEncoded: true) != nil
        else { return nil }
        return parsed
    }

    @Test func aURLWithAPlainHostIsKeptAsWrittenAndMadeWhenAskedFor() throws {
        let written = "https://t.example/1/start?cb=[CACHEBUSTING]&s=a b"
        let checked = try #require(VASTURLText.read(written))
        #expect(checked.text == written)
        #expect(checked.url.absoluteString == "https://t.example/1/start?cb=%5BCACHEBUSTING%5D&s=a%20b")
        #expect(checked.url == Self.urlAsReadBefore(written))
    }

    @Test(arguments: [
        ("//t.example/a?b=[C]", "https://t.example/a?b=[C]"), ("//[::1]:8080/p", "https://[::1]:8080/p"),
        ("///p", nil), ("//", nil), ("/t.example/a", nil),
    ])
    func aProtocolRelativeURLIsReadAsHTTPSByTheSharedRule(written: String, expected: String?) {
        #expect(VASTURLText.read(written)?.text == expected)
        #expect(VASTURLText.read(written)?.url == Self.urlAsReadBefore(written))
    }

    @Test(arguments: [
        "http://[::1]:8080/p?x=[A]", "https://user@h.example/a", "https://h.example:99999/a", "https://h_x.example/",
        "https://bücher.example/a", "https://h.example:1234567/",
    ])
    func textWhoseHostIsNotPlainIsReadAtOnceAndKeptAsTheURLsText(written: String) {
        #expect(!VASTURLText.hasPlainAuthority(written))
        let checked = VASTURLText.read(written)
        #expect(checked?.url == Self.urlAsReadBefore(written))
        #expect(checked?.text == Self.urlAsReadBefore(written)?.absoluteString)
    }

    @Test(arguments: [
        "HTTPS://H.EXAMPLE/é", "https://xn--bcher-kva.example/", "ftp://h.example/a", "https://", "https:///a",
        "http://:80/", "https://.example/", "https://h.example:/a",
        "https://h.example:123456/", "https//h.example/", "javascript:alert(1)", "https://-h.example/",
    ])
    func whatWasReadOrRefusedBeforeStillIsAndAPlainAuthorityAlwaysParses(written: String) {
        #expect(VASTURLText.read(written)?.url == Self.urlAsReadBefore(written))
        if VASTURLText.hasPlainAuthority(written) {
            #expect(URL(string: written.percentEncodedForVASTURL)?.host(percentEncoded: true) != nil)
        }
    }

    /// 20,000 texts from an alphabet weighted towards URL syntax: the checked text always makes the URL the reader
    /// made before (or both refuse), text with a plain authority always parses with a host, and the `URL` made
    /// from a kept text gives that text back when set again.
    @Test func randomTextIsReadAsBefore() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let schemes = ["http://", "https://", "HTTP://", "hTtPs://", "https:", "http:/", "ftp://", ""]
        let hostParts = ["a", "z9", "-", ".", "0", "h.example", "xn--p1ai", "é", "_", "@", "u:p@", "[::1]", ""]
        let tails = [
            "/", "?", "#", ":", ":80", ":65536", ":0", "%", "%4", "%5B", "[X]", " ", "é", "a", "/p", "?q=1", "#f",
            "&", "=", "|", "\"", "<", "\\", "%zz", "\t", "//", ":@",
        ]
        var plainCount = 0
        var acceptedCount = 0
        for _ in 0..<20_000 {
            var text = schemes[next(schemes.count)]
            for _ in 0..<(1 + next(3)) { text += hostParts[next(hostParts.count)] }
            for _ in 0..<next(6) { text += tails[next(tails.count)] }
            let before = Self.urlAsReadBefore(text)
            let checked = VASTURLText.read(text)
            #expect(checked?.url == before, "\(text)")
            if VASTURLText.hasPlainAuthority(text) {
                plainCount += 1
                #expect(before?.host(percentEncoded: true) != nil, "\(text)")
            }
            if let checked {
                acceptedCount += 1
                #expect(VASTURLText(checked.url).url == checked.url, "\(text)")
            }
        }
        // The generator reaches both ways of keeping a URL, and refusals.
        #expect(plainCount > 1_000)
        #expect(acceptedCount > plainCount)
        #expect(acceptedCount < 20_000)
    }

    @Test func theModelGivesTheURLsTheDocumentNamesAndTakesNewOnes() throws {
        let xml = """
            <VAST version="4.2"><Error>https://t.example/doc-error?c=[ERRORCODE]</Error><Ad id="a"><InLine>
            <AdSystem>S</AdSystem><AdTitle>T</AdTitle><Impression> //t.example/imp </Impression>
            <Error><![CDATA[https://t.example/err?c=[ERRORCODE]]]></Error>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration><TrackingEvents>
            <Tracking event="start">https://t.example/start?cb=[CACHEBUSTING]</Tracking></TrackingEvents>
            <VideoClicks><ClickThrough>http://[::1]:8080/landing</ClickThrough>
            <ClickTracking>https://t.example/click</ClickTracking><CustomClick>https://t.example/custom</CustomClick>
            </VideoClicks><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640"
            height="360">https://cdn.example/a b.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives>
            </InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(Data(xml.utf8))
        #expect(document.errorURLs.map(\.absoluteString) == ["https://t.example/doc-error?c=%5BERRORCODE%5D"])
        var ad = try #require(document.ads.first)
        #expect(ad.impressions.map(\.url.absoluteString) == ["https://t.example/imp"])
        #expect(ad.errorURLs.map(\.absoluteString) == ["https://t.example/err?c=%5BERRORCODE%5D"])
        var linear = try #require(ad.linear)
        #expect(linear.trackers.map(\.url.absoluteString) == ["https://t.example/start?cb=%5BCACHEBUSTING%5D"])
        #expect(linear.mediaFiles.map(\.url.absoluteString) == ["https://cdn.example/a%20b.mp4"])
        #expect(linear.videoClicks.clickThrough?.absoluteString == "http://[::1]:8080/landing")
        #expect(linear.videoClicks.clickTracking.map(\.absoluteString) == ["https://t.example/click"])
        #expect(linear.videoClicks.customClicks.map(\.absoluteString) == ["https://t.example/custom"])

        let replacement = try #require(URL(string: "https://other.example/x?y=%5BZ%5D"))
        linear.trackers[0].url = replacement
        linear.mediaFiles[0].url = replacement
        linear.videoClicks.clickTracking = [replacement, replacement]
        ad.errorURLs = [replacement]
        #expect(linear.trackers[0].url == replacement)
        #expect(linear.mediaFiles[0].url == replacement)
        #expect(linear.videoClicks.clickTracking == [replacement, replacement])
        #expect(ad.errorURLs == [replacement])
    }
}
