import Foundation
import Testing

@testable import MediationCLI

@Suite struct VASTCommandTests {
    static let inline = """
        <VAST version="4.2"><Ad id="a1"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
        <Error><![CDATA[https://t.example/error/[ERRORCODE]]]></Error>
        <Impression><![CDATA[https://t.example/imp]]></Impression>
        <Creatives><Creative id="c1"><Linear skipoffset="10%"><Duration>00:00:20</Duration>
        <MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720" bitrate="2000">https://cdn.example/720.mp4</MediaFile>
        <MediaFile delivery="progressive" type="video/webm" width="640" height="360" bitrate="700">https://cdn.example/360.webm</MediaFile>
        </MediaFiles>
        <TrackingEvents><Tracking event="start">https://t.example/start</Tracking>
        <Tracking event="progress" offset="00:00:05">https://t.example/p5</Tracking></TrackingEvents>
        <VideoClicks><ClickThrough>https://brand.example/</ClickThrough><ClickTracking>https://t.example/click</ClickTracking></VideoClicks>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    private func write(_ text: String) throws -> URL {
        let folder = TestPaths.freshTemporaryFolder("vast")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("tag.xml")
        try Data(text.utf8).write(to: file)
        return file
    }

    private func report(_ arguments: [String], input: String = "") async throws -> (text: String, status: Int32) {
        guard case .success(let options) = VASTCommand.parse(arguments) else {
            Issue.record("usage error for \(arguments)")
            return ("", 2)
        }
        return await VASTCommand.report(for: options, standardInput: { Data(input.utf8) })
    }

    /// The 94-byte document that crashed `mediation vast` (an `encoding` after `standalone`, then an element name
    /// that is not UTF-8): refused with 100 and exit status 1, from a file and from standard input.
    @Test func theNinetyFourByteDocumentIsRefusedNotCrashed() async throws {
        var bytes = Data(#"<?xml version="1.0" standalone="yes" encoding="latin1"?><VAST version="4.0"><Abcd"#.utf8)
        bytes.append(0xD8)
        bytes.append(contentsOf: Data("efg/></VAST>".utf8))
        let folder = TestPaths.freshTemporaryFolder("vast")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("hostile.xml")
        try bytes.write(to: file)
        let (text, status) = try await report([file.path])
        #expect(status == 1)
        #expect(text.contains("VAST 100 (XML parsing error): the XML declaration is malformed at byte 37"), "\(text)")
        guard case .success(let options) = VASTCommand.parse(["-"]) else {
            Issue.record("usage error")
            return
        }
        let (piped, pipedStatus) = await VASTCommand.report(for: options, standardInput: { bytes })
        #expect(pipedStatus == 1)
        #expect(piped.contains("VAST 100"))
        let (lines, played) = await InstreamVASTDemo.transcript(source: file.path, privacy: .unrestricted)
        #expect(!played)
        #expect(lines.contains { $0.contains("XML declaration is malformed") }, "\(lines)")
    }

    @Test func playableFileExitsZeroAndPrintsTheChoice() async throws {
        let file = try write(Self.inline)
        let (text, status) = try await report([file.path, "--mime", "video/mp4,video/webm", "--screen", "640x360"])
        #expect(status == 0)
        #expect(text.contains("VAST 4.2: 1 ad(s), 1 playable"))
        #expect(text.contains("chosen media file: https://cdn.example/360.webm"))
        #expect(text.contains("skippable after 10%"))
        #expect(text.contains("tracking progress at 00:00:05.000: https://t.example/p5"))
        #expect(text.contains("errors: none"))
    }

    @Test func jsonHasTheDocumentedShape() async throws {
        let (text, status) = try await report(["-", "--json", "--max-bitrate", "1000"], input: Self.inline)
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "4.2")
        let ad = try #require((object["ads"] as? [[String: Any]])?.first)
        #expect(ad["id"] as? String == "a1")
        #expect(ad["kind"] as? String == "inline")
        #expect(ad["adSystem"] as? String == "S")
        #expect((ad["impressions"] as? [String]) == ["https://t.example/imp"])
        #expect((ad["errorURLs"] as? [String])?.count == 1)
        let creative = try #require((ad["creatives"] as? [[String: Any]])?.first)
        #expect(creative["kind"] as? String == "linear")
        #expect(creative["duration"] as? String == "00:00:20.000")
        #expect(creative["skipOffset"] as? String == "10%")
        #expect((creative["mediaFiles"] as? [Any])?.count == 2)
        #expect((creative["chosenMediaFile"] as? [String: Any])?["url"] as? String == "https://cdn.example/360.webm")
        #expect((creative["tracking"] as? [String: [String]])?["start"] == ["https://t.example/start"])
        #expect(creative["clickThrough"] as? String == "https://brand.example/")
        #expect((creative["clickTracking"] as? [String]) == ["https://t.example/click"])
        #expect((object["errors"] as? [Any])?.isEmpty == true)
    }

    @Test func noPlayableMediaExitsOneWith403() async throws {
        let (text, status) = try await report(["-", "--json", "--mime", "video/ogg"], input: Self.inline)
        #expect(status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let codes = (object["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? Int }
        #expect(codes == [403])
    }

    @Test func malformedDocumentExitsOneWith100() async throws {
        let (text, status) = try await report(["-"], input: "<VAST version=\"4.0\"><Ad>")
        #expect(status == 1)
        #expect(text.contains("VAST 100 (XML parsing error)"))
    }

    @Test func wrapperWithoutFollowIsNotPlayable() async throws {
        let wrapper = """
            <VAST version="4.0"><Ad><Wrapper><AdSystem>W</AdSystem>
            <VASTAdTagURI>https://next.invalid/vast</VASTAdTagURI></Wrapper></Ad></VAST>
            """
        let (text, status) = try await report(["-", "--no-follow"], input: wrapper)
        #expect(status == 1)
        #expect(text.contains("wrapper"))
        #expect(text.contains("VASTAdTagURI: https://next.invalid/vast"))
    }

    static let overlay = """
        <VAST version="4.2"><Ad id="o1"><InLine><AdSystem>S</AdSystem><AdTitle>T</AdTitle>
        <Impression>https://t.example/imp</Impression>
        <Creatives><Creative><NonLinearAds>
        <NonLinear id="wide" width="1920" height="200"><StaticResource creativeType="image/png">https://m.example/w.png</StaticResource></NonLinear>
        <NonLinear id="banner" width="728" height="90"><StaticResource creativeType="image/png">https://m.example/b.png</StaticResource></NonLinear>
        </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func anOverlayOnlyAdIsPlayableAndNamesTheNonLinearChosen() async throws {
        let (text, status) = try await report(["-"], input: Self.overlay)
        #expect(status == 0)
        #expect(text.contains("VAST 4.2: 1 ad(s), 1 playable"))
        #expect(text.contains("chosen overlay: NonLinear banner 728x90, static image/png https://m.example/b.png"))
        #expect(text.contains("errors: none"))

        let (json, _) = try await report(["-", "--json"], input: Self.overlay)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let ad = try #require((object["ads"] as? [[String: Any]])?.first)
        let chosen = try #require(ad["chosenOverlay"] as? [String: Any])
        #expect(chosen["id"] as? String == "banner")
        #expect(object["playable"] as? Int == 1)
    }

    @Test func anOverlayTooBigForTheScreenExitsOneWith501() async throws {
        let (text, status) = try await report(["-", "--json", "--screen", "640x360"], input: Self.overlay)
        #expect(status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let codes = (object["errors"] as? [[String: Any]])?.compactMap { $0["code"] as? Int }
        #expect(codes == [501])
        #expect(((object["ads"] as? [[String: Any]])?.first?["chosenOverlay"]) is NSNull)
    }

    @Test func usageErrorsExitTwo() async {
        #expect(await VASTCommand.run([]) == 2)
        #expect(await VASTCommand.run(["a.xml", "b.xml"]) == 2)
        #expect(await VASTCommand.run(["a.xml", "--screen", "wide"]) == 2)
        #expect(await VASTCommand.run(["a.xml", "--bogus"]) == 2)
    }
}
