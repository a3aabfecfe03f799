import Foundation
import MediationVAST
import Testing

@Suite("VAST media selection")
struct VASTMediaSelectorTests {
    let linear: VASTLinear

    init() throws {
        linear = try #require(try Fixture.document("inline-full-4.3.xml").ads.first?.linear)
    }

    @Test func closestSizeUnderTheBitrateCap() {
        let capabilities = VASTPlayerCapabilities(
            mimeTypes: ["video/mp4", "application/x-mpegURL"], maxBitrate: 2500, screenWidth: 1280, screenHeight: 720)
        let selection = VASTMediaSelector.select(from: linear, for: capabilities)
        #expect(selection.chosen?.id == "mp4-mid")
        #expect(selection.reason.contains("1280x720 closest to 1280x720"))
        let verdicts = Dictionary(uniqueKeysWithValues: selection.candidates.map { ($0.mediaFile.id ?? "", $0) })
        #expect(verdicts["mp4-hi"]?.refusal == "bitrate 4000 kbit/s over the 2500 kbit/s cap")
        #expect(verdicts["webm"]?.refusal == "type video/webm is not played")
        #expect(verdicts["vpaid"]?.refusal == "needs VPAID, which is never run")
        #expect(verdicts["mp4-mid"]?.rank == 1)
        #expect(verdicts["mp4-low"]?.rank == 2)
        #expect(verdicts["hls"]?.rank == 3, "progressive is preferred over streaming")
    }

    @Test func streamingWhenProgressiveIsNotPreferred() {
        let capabilities = VASTPlayerCapabilities(
            mimeTypes: ["video/mp4", "application/x-mpegurl"], screenWidth: 1280, screenHeight: 720,
            prefersProgressive: false)
        #expect(VASTMediaSelector.select(from: linear, for: capabilities).chosen?.id == "hls")
    }

    @Test func unknownScreenTakesTheHighestBitrate() {
        let capabilities = VASTPlayerCapabilities(mimeTypes: ["VIDEO/MP4; codecs=avc1"])
        #expect(VASTMediaSelector.select(from: linear, for: capabilities).chosen?.id == "mp4-hi")
    }

    @Test func streamingOffRefusesStreamingFiles() {
        let capabilities = VASTPlayerCapabilities(mimeTypes: ["application/x-mpegURL"], playsStreaming: false)
        let selection = VASTMediaSelector.select(from: linear, for: capabilities)
        #expect(selection.chosen == nil)
        #expect(selection.candidates.contains { $0.refusal == "streaming is not played" })
    }

    @Test func nonePlayableMeansNoChoice() {
        let capabilities = VASTPlayerCapabilities(mimeTypes: ["video/mp4"], maxBitrate: 500)
        let selection = VASTMediaSelector.select(from: linear, for: capabilities)
        #expect(selection.chosen == nil)
        #expect(selection.reason == "none of the 6 media files is playable")
        #expect(selection.candidates.allSatisfy { $0.refusal != nil && $0.rank == nil })
    }

    @Test func tiesKeepDocumentOrder() throws {
        let text = """
            <VAST version="4.0"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:05</Duration><MediaFiles>
            <MediaFile id="a" delivery="progressive" type="video/mp4" width="640" height="360">https://a.example/a.mp4</MediaFile>
            <MediaFile id="b" delivery="progressive" type="video/mp4" width="640" height="360">https://a.example/b.mp4</MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let linear = try #require(try VASTParser().parse(Data(text.utf8)).ads.first?.linear)
        let capabilities = VASTPlayerCapabilities(mimeTypes: ["video/mp4"], screenWidth: 640, screenHeight: 360)
        #expect(VASTMediaSelector.select(from: linear, for: capabilities).chosen?.id == "a")
        #expect(VASTMediaSelector.select(from: [], for: capabilities).reason == "the creative has no media file")
    }

    @Test func onlyVPAIDFrameworksAreRefused() throws {
        let text = """
            <VAST version="3.0"><Ad><InLine><Creatives><Creative><Linear><Duration>00:00:05</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="640" height="360" apiFramework="vpaid2">https://a.example/v.mp4</MediaFile>
            <MediaFile delivery="progressive" type="video/mp4" width="400" height="300" apiFramework="VAST">https://a.example/a.mp4</MediaFile>
            </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let linear = try #require(try VASTParser().parse(Data(text.utf8)).ads.first?.linear)
        let selection = VASTMediaSelector.select(from: linear, for: VASTPlayerCapabilities(mimeTypes: ["video/mp4"]))
        #expect(selection.chosen?.url.absoluteString == "https://a.example/a.mp4")
        #expect(selection.candidates.first?.refusal == "needs vpaid2, which is never run")
    }
}
