import Foundation
import Testing

@testable import MediationCLI

@Suite struct InstreamVASTDemoTests {
    /// A VAST 4 InLine ad with an impression, the five playback milestones and a skip tracker.
    static let document = """
        <VAST version="4.2"><Ad id="demo"><InLine><AdSystem>Demo</AdSystem><AdTitle>demo</AdTitle>
        <Impression>https://track.example/impression</Impression>
        <Creatives><Creative><Linear skipoffset="00:00:05"><Duration>00:00:12</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://media.example/demo.mp4</MediaFile></MediaFiles>
        <TrackingEvents>
        <Tracking event="complete">https://track.example/complete</Tracking>
        <Tracking event="thirdQuartile">https://track.example/thirdQuartile</Tracking>
        <Tracking event="midpoint">https://track.example/midpoint</Tracking>
        <Tracking event="firstQuartile">https://track.example/firstQuartile</Tracking>
        <Tracking event="start">https://track.example/start</Tracking>
        <Tracking event="skip">https://track.example/skip</Tracking>
        </TrackingEvents></Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    private static func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vast-demo-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aVASTFilePlaysAndPrintsEveryEventAndURLInOrder() async throws {
        let path = try Self.write(Self.document)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (lines, played) = await InstreamVASTDemo.transcript(source: path, privacy: .unrestricted)
        #expect(played)
        // Each URL line is stamped with the virtual clock: "    t+3000ms fired https://…".
        let fired = lines.compactMap { line in line.range(of: "fired ").map { String(line[$0.lowerBound...]) } }
        #expect(lines.contains { $0.hasSuffix("t+6000ms fired https://track.example/midpoint") })
        #expect(
            fired
                == ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"].map {
                    "fired https://track.example/\($0)"
                })
        let bannerStart = try #require(lines.firstIndex { $0.contains("banner start") })
        let bannerComplete = try #require(lines.firstIndex { $0.contains("banner complete") })
        let start = try #require(lines.firstIndex { $0.hasSuffix("fired https://track.example/start") })
        let complete = try #require(lines.firstIndex { $0.hasSuffix("fired https://track.example/complete") })
        #expect(start < bannerStart && bannerStart < complete && complete < bannerComplete)
        #expect(lines.last?.contains("section complete preroll") == true)
        #expect(lines.contains { $0.contains("VASTInstreamCustomEvent") && $0.contains("winner") })
    }

    @Test func aDocumentWithoutPlayableMediaLoadsNothing() async throws {
        let path = try Self.write(Self.document.replacingOccurrences(of: "video/mp4", with: "video/x-unknown"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (lines, played) = await InstreamVASTDemo.transcript(source: path, privacy: .unrestricted)
        #expect(!played)
        #expect(lines.contains { $0.contains("403") })
    }

    @Test func usageErrorsExitTwo() async {
        #expect(await DemoCommand.run(["instream", "--vast"]) == 2)
        #expect(await DemoCommand.run(["instream", "--vast", "a.xml", "--format", "video"]) == 2)
        #expect(await DemoCommand.run(["instream", "--vast", "/nonexistent/vast.xml"]) == 1)
    }
}

/// `mediation demo instream --vast` takes the demo's privacy and targeting options.
@Suite struct InstreamVASTDemoPrivacyTests {
    @Test func theVASTDemoReadsThePrivacyOptions() throws {
        let parsed = InstreamDemoCommand.parseVAST([
            "--vast", "https://ads.example/vast?c={GDPR_CONSENT}", "--gdpr-applies", "1", "--tcf",
            "CPXxRfAPXxRfAAfKABENB",
            "--no-consent", "--att", "denied", "--age", "30",
        ])
        guard case .success(let (source, options)) = parsed else {
            Issue.record("refused: \(parsed)")
            return
        }
        #expect(source == "https://ads.example/vast?c={GDPR_CONSENT}")
        #expect(options.privacy.gdprApplies == true)
        #expect(options.privacy.tcfConsentString == "CPXxRfAPXxRfAAfKABENB")
        #expect(!options.privacy.canCollectPersonalInfo)
        #expect(options.privacy.trackingAuthorization == .denied)
        #expect(options.targeting.age == 30)
        guard case .failure(let error) = InstreamDemoCommand.parseVAST(["--vast", "a.xml", "--tcf", "not valid!"])
        else {
            Issue.record("a bad TCF string was taken")
            return
        }
        #expect(error.text.contains("--tcf"))
    }
}
