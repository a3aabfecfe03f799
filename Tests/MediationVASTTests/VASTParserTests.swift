import Foundation
import MediationVAST
import Testing

@Suite("VAST parser: every element of a 4.3 InLine ad")
struct VASTParserInLineTests {
    let document: VASTDocument
    let ad: VASTAd

    init() throws {
        document = try Fixture.document("inline-full-4.3.xml")
        ad = try #require(document.ads.first)
    }

    @Test func adLevelElements() throws {
        #expect(document.version == "4.3")
        #expect(document.ads.count == 1)
        #expect(ad.id == "ad-1")
        #expect(ad.kind == .inline)
        #expect(ad.adType == "video")
        #expect(ad.sequence == nil)
        #expect(ad.adSystem?.name == "ExampleServer" && ad.adSystem?.version == "2.1")
        #expect(ad.adTitle == "Example Ad")
        #expect(ad.advertiser == "Example Brand")
        #expect(ad.adDescription == "An ad written from the specification.")
        #expect(ad.adServingId == "serving-123")
        #expect(ad.expires == 3600)
        #expect(ad.categories.map(\.code) == ["IAB1-1"])
        #expect(ad.categories.first?.authority == "https://www.iabtechlab.com/categoryauthority")
        #expect(ad.pricing?.model == "CPM" && ad.pricing?.currency == "USD" && ad.pricing?.value == 12.5)
        #expect(ad.impressions.map(\.id) == ["imp-1", "imp-2"])
        #expect(ad.impressions.last?.url.absoluteString.hasPrefix("https://example.com/impression2?cb=") == true)
        #expect(ad.errorURLs.count == 1)
        #expect(ad.viewableImpression["Viewable"]?.first?.absoluteString == "https://example.com/viewable")
        #expect(ad.viewableImpression.keys.sorted() == ["NotViewable", "ViewUndetermined", "Viewable"])
        #expect(ad.wrapper == nil)
        #expect(document.issues.isEmpty, "\(document.issues)")
    }

    @Test func verificationsAreKeptNotExecuted() throws {
        let verification = try #require(ad.verifications.first)
        #expect(verification.vendor == "vendor.example-omid")
        #expect(verification.resources.map(\.isJavaScript) == [true, false])
        #expect(verification.resources.first?.apiFramework == "omid")
        #expect(verification.resources.first?.attribute == "true")
        #expect(verification.resources.last?.attribute == "text/javascript")
        #expect(verification.trackers.map(\.event.rawValue) == ["verificationNotExecuted"])
        #expect(verification.parameters == #"{"key":"value"}"#)
    }

    @Test func extensionsAreRaw() {
        #expect(ad.extensions.map(\.type) == ["custom"])
        #expect(ad.extensions.map(\.rawXML) == [#"<Data owner="me">raw &amp; kept</Data>"#])
    }

    @Test func linearCreative() throws {
        let creative = try #require(ad.creatives.first)
        #expect(creative.id == "creative-1")
        #expect(creative.adId == "ad-id-1")
        #expect(creative.sequence == 1)
        #expect(creative.kindName == "linear")
        #expect(creative.universalAdIds.map(\.idRegistry) == ["Ad-ID", "clearcast"])
        #expect(creative.universalAdIds.map(\.idValue) == ["ABCD0123456H", "CC-1"])
        #expect(creative.extensions.first?.type == "application/json")
        let linear = try #require(creative.linear)
        #expect(linear.duration == .seconds(30))
        #expect(linear.skipOffset == .time(.seconds(5)))
        #expect(linear.adParameters == "params")
        #expect(linear.mediaFiles.map(\.id) == ["mp4-hi", "mp4-mid", "mp4-low", "hls", "webm", "vpaid"])
        let high = linear.mediaFiles[0]
        #expect(high.delivery == .progressive)
        #expect(high.mimeType == "video/mp4")
        #expect(high.width == 1920 && high.height == 1080)
        #expect(high.bitrate == 4000)
        #expect(high.codec == "avc1.640028")
        #expect(high.scalable == true && high.maintainAspectRatio == true)
        #expect(high.fileSize == 15_000_000)
        #expect(high.mediaType == "2D")
        let streaming = linear.mediaFiles[3]
        #expect(streaming.delivery == .streaming)
        #expect(streaming.minBitrate == 500 && streaming.maxBitrate == 4000 && streaming.bitrate == nil)
        #expect(linear.mediaFiles[5].apiFramework == "VPAID")
        #expect(linear.mezzanines.first?.width == 3840)
        #expect(linear.mezzanines.first?.fileSize == 900_000_000)
        #expect(linear.interactiveCreativeFiles.first?.apiFramework == "SIMID")
        #expect(linear.interactiveCreativeFiles.first?.variableDuration == true)
        #expect(linear.closedCaptionFiles.map(\.language) == ["en", "fr"])
        #expect(linear.closedCaptionFiles.first?.mimeType == "text/vtt")
    }

    @Test func linearTrackingEventsAndClicks() throws {
        let linear = try #require(ad.linear)
        let names = linear.trackers.map(\.event.rawValue)
        #expect(
            names == [
                "loaded", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "mute",
                "unmute", "pause", "resume", "rewind", "skip", "playerExpand", "playerCollapse", "closeLinear",
                "notUsed", "progress", "progress",
            ])
        for tracker in linear.trackers where tracker.event != .progress {
            #expect(tracker.url.absoluteString == "https://example.com/t/\(tracker.event.rawValue)")
            #expect(tracker.offset == nil)
        }
        let progress = linear.trackers.filter { $0.event == .progress }
        #expect(progress.map(\.offset) == [.time(.seconds(10)), .percent(90)])
        #expect(linear.videoClicks.clickThrough?.absoluteString == "https://brand.example.com/landing")
        #expect(linear.videoClicks.clickTracking.count == 2)
        #expect(linear.videoClicks.customClicks.count == 1)
    }

    @Test func icons() throws {
        let icon = try #require(ad.linear?.icons.first)
        #expect(icon.program == "AdChoices")
        #expect(icon.width == 20 && icon.height == 20)
        #expect(icon.xPosition == "right" && icon.yPosition == "top")
        #expect(icon.duration == .seconds(15))
        #expect(icon.offset == .time(.seconds(1)))
        #expect(icon.pxratio == 2)
        #expect(
            icon.resources == [
                .staticResource(url: URL(string: "https://example.com/adchoices.png")!, creativeType: "image/png")
            ])
        #expect(icon.clickThrough?.absoluteString == "https://example.com/adchoices-info")
        #expect(icon.clickTracking.count == 1)
        #expect(icon.viewTracking.count == 1)
        let fallback = try #require(icon.clickFallbackImages.first)
        #expect(fallback.width == 300 && fallback.height == 250)
        #expect(fallback.altText == "Why this ad")
        #expect(fallback.url?.absoluteString == "https://example.com/fallback.png")
    }

    @Test func companions() throws {
        let creative = try #require(ad.creatives.dropFirst().first)
        guard let companionAds = creative.companionAds else {
            Issue.record("not companions: \(creative.kindName)")
            return
        }
        #expect(companionAds.required == .any)
        #expect(companionAds.companions.count == 3)
        let first = companionAds.companions[0]
        #expect(first.width == 300 && first.height == 250)
        #expect(first.assetWidth == 300 && first.assetHeight == 250)
        #expect(first.expandedWidth == 600 && first.expandedHeight == 500)
        #expect(first.adSlotId == "slot-1")
        #expect(first.renderingMode == "end-card")
        #expect(first.altText == "Companion")
        #expect(first.clickThrough?.absoluteString == "https://brand.example.com/companion")
        #expect(first.clickTracking.count == 1)
        #expect(first.trackers.map(\.event) == [.creativeView])
        #expect(
            companionAds.companions[1].resources == [.iframe(URL(string: "https://example.com/companion-frame.html")!)])
        guard case .html(let html) = companionAds.companions[2].resources.first else {
            Issue.record("no HTML resource")
            return
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"), "a doctype inside CDATA is text, not a declaration")
    }

    @Test func nonLinear() throws {
        let creative = try #require(ad.creatives.last)
        guard let nonLinearAds = creative.nonLinearAds else {
            Issue.record("not non-linear")
            return
        }
        let overlay = try #require(nonLinearAds.nonLinears.first)
        #expect(overlay.id == "overlay")
        #expect(overlay.width == 480 && overlay.height == 70)
        #expect(overlay.expandedWidth == 600 && overlay.expandedHeight == 100)
        #expect(overlay.scalable == true && overlay.maintainAspectRatio == true)
        #expect(overlay.minSuggestedDuration == .seconds(10))
        #expect(overlay.adParameters == "overlay-params")
        #expect(overlay.clickThrough?.absoluteString == "https://brand.example.com/overlay")
        #expect(overlay.clickTracking.count == 1)
        #expect(nonLinearAds.trackers.map(\.event) == [.acceptInvitation])
    }
}

@Suite("VAST parser: pods, buffets, wrappers and sloppy tags")
struct VASTParserStructureTests {
    @Test func podIsOrderedBySequenceAndBuffetKeepsDocumentOrder() throws {
        let document = try Fixture.document("pod-and-buffet.xml")
        #expect(document.pod.map(\.id) == ["pod-1", "pod-2"])
        #expect(document.buffet.map(\.id) == ["standalone-1", "standalone-2"])
        #expect(document.playList.map(\.id) == ["pod-1", "pod-2"])
        #expect(document.errorURLs.count == 1)
        let leftOut = document.issues.filter { $0.code == .schemaValidation }.map(\.path)
        #expect(leftOut == ["VAST/Ad[5]/Wrapper[1]", "VAST/Ad[6]"])
        #expect(
            document.issues.contains { $0.code == nil && $0.path == "VAST/Ad[4]" && $0.message.contains("sequence") })
    }

    @Test func wrapperAttributesAndTrackers() throws {
        let ad = try #require(try Fixture.document("vast3-wrapper.xml").ads.first)
        #expect(ad.kind == .wrapper)
        let wrapper = try #require(ad.wrapper)
        #expect(wrapper.adTagURI.absoluteString == "https://next.example.com/vast.xml")
        #expect(wrapper.followAdditionalWrappers == false)
        #expect(wrapper.allowMultipleAds == true)
        #expect(wrapper.fallbackOnNoAd == false)
        #expect(wrapper.blockedAdCategories.map(\.code) == ["IAB25"])
        #expect(ad.linear?.duration == nil)
        #expect(ad.linear?.urls(for: .start).map(\.absoluteString) == ["https://example.com/wrapper-start"])
    }

    @Test func wrapperDefaults() throws {
        let text = """
            <VAST version="4.0"><Ad><Wrapper><AdSystem>A</AdSystem>
            <VASTAdTagURI>https://a.example/next</VASTAdTagURI></Wrapper></Ad></VAST>
            """
        let wrapper = try #require(try VASTParser().parse(Data(text.utf8)).ads.first?.wrapper)
        #expect(wrapper.followAdditionalWrappers == true)
        #expect(wrapper.allowMultipleAds == false)
        #expect(wrapper.fallbackOnNoAd == true)
    }

    @Test func sloppyTagsAreReadLeniently() throws {
        let document = try Fixture.document("vast2-sloppy.xml")
        let ad = try #require(document.ads.first)
        #expect(ad.impressions.map(\.url.absoluteString) == ["https://example.com/protocol-relative"])
        #expect(ad.creatives.count == 2, "the linear without a Duration is left out")
        let linear = try #require(ad.linear)
        #expect(linear.duration == .milliseconds(7123))
        #expect(linear.skipOffset == nil)
        #expect(linear.trackers.map(\.url.absoluteString) == ["https://example.com/start"])
        let file = try #require(linear.mediaFiles.first)
        #expect(file.delivery == .progressive)
        #expect(file.width == 640)
        #expect(file.bitrate == nil)
        #expect(file.scalable == true)
        #expect(file.url.absoluteString == "https://cdn.example.com/legacy%20file.mp4")
        #expect(ad.creatives.first?.adId == "legacy-ad")
        guard let companions = ad.creatives.last?.companionAds else {
            Issue.record("no companions")
            return
        }
        #expect(companions.companions.first?.adSlotId == "legacy-slot")
        let codes = document.issues.compactMap(\.code)
        #expect(codes == [.schemaValidation])
        let warnings = document.issues.filter { $0.code == nil }.map(\.message)
        #expect(warnings.contains { $0.contains("javascript:alert(1)") })
        #expect(warnings.contains { $0.contains("skipoffset") })
        #expect(warnings.contains { $0.contains("progress Tracking needs an offset") })
        #expect(warnings.contains { $0.contains("Tracking without event") })
        #expect(warnings.contains { $0.contains("bitrate") })
    }

    @Test func noAdDocument() throws {
        let text = #"<VAST version="4.2"><Error><![CDATA[https://example.com/noad]]></Error></VAST>"#
        let document = try VASTParser().parse(Data(text.utf8))
        #expect(document.ads.isEmpty)
        #expect(document.errorURLs.map(\.absoluteString) == ["https://example.com/noad"])
        #expect(document.playList.isEmpty)
    }

    @Test func missingVersionIsReadWithAWarning() throws {
        let document = try VASTParser().parse(Data("<VAST/>".utf8))
        #expect(document.version == "")
        #expect(document.issues.map(\.path) == ["VAST"])
    }

    @Test func skipOffsetAsPercent() throws {
        let text = """
            <VAST version="4.1"><Ad><InLine><AdSystem>A</AdSystem><AdTitle>T</AdTitle>
            <Impression>https://a.example/i</Impression><Creatives><Creative>
            <Linear skipoffset="25%"><Duration>00:00:20</Duration><MediaFiles/></Linear>
            </Creative></Creatives></InLine></Ad></VAST>
            """
        let linear = try #require(try VASTParser().parse(Data(text.utf8)).ads.first?.linear)
        #expect(linear.skipOffset == .percent(25))
        #expect(linear.skipOffset?.resolved(in: .seconds(20)) == .seconds(5))
    }
}

@Suite("VAST parser: refused documents")
struct VASTParserRefusalTests {
    @Test func rootMustBeVAST() {
        #expect(Fixture.refusal("<VMAP version=\"1.0\"/>")?.code == .schemaValidation)
    }

    @Test(arguments: ["1.0", "5.0", "x"])
    func unsupportedVersions(version: String) {
        let error = Fixture.refusal("<VAST version=\"\(version)\"/>")
        #expect(error?.code == .versionNotSupported)
        #expect(error?.path == "VAST")
    }

    @Test(arguments: ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3"])
    func supportedVersions(version: String) {
        #expect(Fixture.refusal("<VAST version=\"\(version)\"/>") == nil)
    }

    @Test func malformedXMLNamesTheElement() {
        let error = Fixture.refusal("<VAST version=\"4.0\"><Ad><InLine></Ad></VAST>")
        #expect(error?.code == .xmlParse)
        #expect(error?.message.contains("line") == true)
    }

    @Test func emptyAndNonXML() {
        #expect(Fixture.refusal("")?.code == .xmlParse)
        #expect(Fixture.refusal("{\"json\": true}")?.code == .xmlParse)
    }

    @Test func billionLaughsIsRefusedBeforeParsing() {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            text += "<!ENTITY lol\(level) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
        }
        text += "]>\n<VAST version=\"4.0\"><Error>https://a.example/&lol9;</Error></VAST>"
        let error = Fixture.refusal(text)
        #expect(error?.code == .xmlParse)
        #expect(error?.message.hasPrefix("a markup declaration (`<!DOCTYPE`) at line 2") == true)
    }

    @Test func externalEntityIsRefused() {
        let text = """
            <?xml version="1.0"?><!-- a comment first --><!DOCTYPE VAST [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <VAST version="4.0"><Error>&xxe;</Error></VAST>
            """
        #expect(Fixture.refusal(text)?.code == .xmlParse)
    }

    @Test func tenMegabyteDocumentIsRefusedUnread() {
        var data = Data("<VAST version=\"4.0\"><Extensions>".utf8)
        data.append(Data(repeating: UInt8(ascii: "a"), count: 10 << 20))
        data.append(Data("</Extensions></VAST>".utf8))
        let error = Fixture.refusal(data)
        #expect(error?.code == .xmlParse)
        #expect(error?.message.contains("over the \(VASTParseLimits.standard.maxBytes)-byte limit") == true)
    }

    @Test func deepNestingIsRefused() {
        let text =
            "<VAST version=\"4.0\">" + String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
            + "</VAST>"
        let error = Fixture.refusal(text)
        #expect(error?.code == .xmlParse)
        #expect(error?.message.contains("deeper than 64") == true)
    }

    @Test func elementCountIsBounded() {
        let text = "<VAST version=\"4.0\">" + String(repeating: "<x/>", count: 50) + "</VAST>"
        let error = Fixture.refusal(text, limits: VASTParseLimits(maxElements: 20))
        #expect(error?.code == .xmlParse)
        #expect(error?.message.contains("more than 20 elements") == true)
    }

    @Test func adCountIsBounded() {
        let text = "<VAST version=\"4.0\">" + String(repeating: "<Ad/>", count: 5) + "</VAST>"
        #expect(Fixture.refusal(text, limits: VASTParseLimits(maxAds: 4))?.code == .xmlParse)
    }

    @Test func utf16IsRefused() {
        var data = Data([0xFF, 0xFE])
        data.append("<VAST version=\"4.0\"/>".data(using: .utf16LittleEndian)!)
        #expect(Fixture.refusal(data)?.code == .xmlParse)
    }
}

@Suite("VAST times and offsets")
struct VASTTimeTests {
    @Test func times() {
        #expect(VASTTime.parse("00:00:30") == .seconds(30))
        #expect(VASTTime.parse("01:02:03.456") == .milliseconds(3_723_456))
        #expect(VASTTime.parse(" 0:0:5.5 ") == .milliseconds(5500))
        #expect(VASTTime.parse("00:60:00") == nil)
        #expect(VASTTime.parse("00:00:61") == nil)
        #expect(VASTTime.parse("30") == nil)
        #expect(VASTTime.parse("00:00:xx") == nil)
        #expect(VASTTime.parse("00:00:05.") == nil)
        #expect(VASTTime.format(.milliseconds(3_723_456)) == "01:02:03.456")
    }

    @Test func offsets() {
        #expect(VASTOffset.parse("50%") == .percent(50))
        #expect(VASTOffset.parse("12.5%") == .percent(12.5))
        #expect(VASTOffset.parse("101%") == nil)
        #expect(VASTOffset.parse("-1%") == nil)
        #expect(VASTOffset.parse("00:00:07") == .time(.seconds(7)))
        #expect(VASTOffset.percent(50).resolved(in: .seconds(30)) == .seconds(15))
        #expect(VASTOffset.percent(50).description == "50%")
    }
}
