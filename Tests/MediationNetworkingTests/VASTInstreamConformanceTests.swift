import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MediationVAST
import Testing

/// The in-stream conformance contract that applies to a custom event driven by the host's player rather than a
/// vendor SDK, run over `VASTInstreamCustomEvent` with the simulated player on a manual clock (docs/conformance.md,
/// "Host-player-driven events"): one load outcome, silence after `cancel()` and `stop()` and inside `stop()`/`skip()`,
/// banner start, time-left, complete per banner with section complete last, an error before section complete,
/// later sections ending at once, and each URL fired once however often the host repeats a call.
@Suite struct VASTInstreamConformanceTests {
    /// Records every delegate call by name, in order.
    final class Recorder: InstreamCustomEventDelegate, Sendable {
        let calls = Locked<[String]>([])
        var names: [String] { calls.current }
        private func add(_ name: String) { calls.withLock { $0.append(name) } }
        func customEventDidLoad(availableMidpoints: [Double]) { add("loaded") }
        func customEventDidFailToLoad(reason: String) { add("noAd") }
        func customEventBannerDidStart(_ banner: InstreamAdBanner) { add("start:\(banner.identifier)") }
        func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) { add("left") }
        func customEventBannerDidComplete(_ banner: InstreamAdBanner) { add("complete:\(banner.identifier)") }
        func customEventDidFail(reason: String) { add("error") }
        func customEventSectionDidComplete(_ section: InstreamAdSection) { add("section:\(section.rawValue)") }
        func customEventWillPresentModal() { add("modal") }
        func customEventDidDismissModal() { add("dismiss") }
        func customEventWillLeaveApplication() { add("leave") }
    }

    /// A pod of two 10 s ads, each with an impression, every quartile, pause, resume, mute, unmute, skip and a
    /// click tracker, and an Error URL.
    static func pod(mimeType: String = "video/mp4") -> String {
        func ad(_ name: String, _ sequence: Int) -> String {
            let events =
                ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume", "mute"]
                + ["unmute", "skip"]
            let tracking = events.map { "<Tracking event=\"\($0)\">https://t.example/\(name)/\($0)</Tracking>" }
            return """
                <Ad id="\(name)" sequence="\(sequence)"><InLine><AdSystem>Test</AdSystem><AdTitle>\(name)</AdTitle>
                <Error>https://t.example/\(name)/error?code=[ERRORCODE]</Error>
                <Impression>https://t.example/\(name)/impression</Impression>
                <Creatives><Creative><Linear skipoffset="00:00:02"><Duration>00:00:10</Duration>
                <MediaFiles><MediaFile delivery="progressive" type="\(mimeType)" width="640" height="360">
                https://cdn.example/\(name).mp4</MediaFile></MediaFiles>
                <TrackingEvents>\(tracking.joined())</TrackingEvents>
                <VideoClicks><ClickTracking>https://t.example/\(name)/click</ClickTracking></VideoClicks>
                </Linear></Creative></Creatives></InLine></Ad>
                """
        }
        return "<VAST version=\"4.1\">\(ad("one", 1))\(ad("two", 2))</VAST>"
    }

    /// A VAST event loading `markup` from a bid, on the simulated player and a manual clock.
    struct Harness {
        let clock = ManualClock()
        let player: SimulatedInstreamAdPlayer
        let pinger = RecordingTrackerPinger()
        let event: VASTInstreamCustomEvent
        let recorder = Recorder()
        let request: InstreamAdRequest

        init(markup: String = VASTInstreamConformanceTests.pod(), failing: [URL: String] = [:]) {
            let mediationClock = MediationClock(clock)
            player = SimulatedInstreamAdPlayer(clock: mediationClock, defaultDuration: .seconds(10), failures: failing)
            event = VASTInstreamCustomEvent(loader: NoFetchLoader(), trackerPinger: pinger)
            var request = InstreamAdRequest(
                info: [:], midpoints: nil, contentDuration: 120, targeting: .none, privacy: .unrestricted,
                player: player, clock: mediationClock)
            request.adMarkup = markup
            self.request = request
        }

        func load() async {
            event.load(request, delegate: recorder)
            await event.waitUntilLoadFinished()
        }
    }

    /// A loader for markup-only tests: any fetch is a test failure.
    struct NoFetchLoader: VASTDocumentLoading {
        func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data {
            Issue.record("unexpected fetch of \(url)")
            throw .unavailable("no fetches in this test")
        }
    }

    @Test(arguments: ["video/mp4", "video/x-unplayable"])
    func oneLoadOutcome(mimeType: String) async {
        let harness = Harness(markup: Self.pod(mimeType: mimeType))
        await harness.load()
        harness.clock.runUntilIdle()
        #expect(harness.recorder.names == [mimeType == "video/mp4" ? "loaded" : "noAd"])
    }

    @Test func invalidMarkupIsOneNoAd() async {
        let harness = Harness(markup: "<VAST version=\"4.1\"><Ad>")
        await harness.load()
        #expect(harness.recorder.names == ["noAd"])
        #expect(harness.pinger.pings.isEmpty)
    }

    @Test func silentAfterCancelWhileLoading() async {
        let harness = Harness()
        harness.event.load(harness.request, delegate: harness.recorder)
        harness.event.cancel()
        await harness.event.waitUntilLoadFinished()
        harness.clock.runUntilIdle()
        #expect(harness.recorder.names.isEmpty)
    }

    @Test func silentInsideAndAfterStop() async {
        let harness = Harness()
        await harness.load()
        harness.event.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(3))
        let before = harness.recorder.names
        harness.event.stop()
        #expect(harness.recorder.names == before, "nothing from inside stop()")
        harness.clock.advance(by: .seconds(60))
        #expect(harness.recorder.names == before, "nothing after stop()")
        #expect(before.first == "loaded" && before.contains("start:one#1"))
    }

    @Test func silentInsideSkip() async {
        let harness = Harness()
        await harness.load()
        harness.event.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(3))
        let before = harness.recorder.names
        harness.event.skip()
        harness.clock.advance(by: .seconds(60))
        #expect(harness.recorder.names == before)
        #expect(harness.pinger.count(of: URL(string: "https://t.example/one/skip")!) == 1)
    }

    @Test func bannerOrderThenOneSectionCompleteLast() async {
        let harness = Harness()
        await harness.load()
        harness.event.start(.preroll, midpoint: nil)
        harness.clock.runUntilIdle()
        let names = harness.recorder.names.filter { $0 != "left" }
        #expect(
            names == ["loaded", "start:one#1", "complete:one#1", "start:two#2", "complete:two#2", "section:preroll"])
        let all = harness.recorder.names
        for banner in ["one#1", "two#2"] {
            let start = all.firstIndex(of: "start:\(banner)")
            let complete = all.firstIndex(of: "complete:\(banner)")
            #expect(start != nil && complete != nil)
            if let start, let complete {
                #expect(all[start..<complete].contains("left"), "time-left updates between start and complete")
            }
        }
        // Later sections have nothing left to play: they end at once.
        harness.event.start(.postroll, midpoint: nil)
        #expect(harness.recorder.names.suffix(1) == ["section:postroll"])
    }

    @Test func errorThenSectionCompleteLast() async {
        let harness = Harness(failing: [URL(string: "https://cdn.example/one.mp4")!: "decoder error"])
        await harness.load()
        harness.event.start(.preroll, midpoint: nil)
        harness.clock.runUntilIdle()
        #expect(harness.recorder.names == ["loaded", "error", "section:preroll"])
        #expect(harness.pinger.pinged == [URL(string: "https://t.example/one/error?code=405")!])
    }

    @Test func eachURLFiresOnceHoweverOftenTheHostRepeatsACall() async {
        let harness = Harness()
        await harness.load()
        harness.event.start(.preroll, midpoint: nil)
        harness.clock.advance(by: .seconds(1))
        for _ in 0..<3 {
            harness.event.trackClick()
            harness.event.pause()
            harness.event.resume()
            harness.event.setVolume(0)
            harness.event.setVolume(1)
        }
        harness.clock.runUntilIdle()
        let pinged = harness.pinger.pinged.map(\.absoluteString)
        #expect(pinged.count == Set(pinged).count, "no URL twice: \(pinged)")
        for name in ["one", "two"] {
            for event in ["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"] {
                #expect(pinged.contains("https://t.example/\(name)/\(event)"), "\(name) \(event)")
            }
        }
        for event in ["click", "pause", "resume", "mute", "unmute"] {
            #expect(pinged.contains("https://t.example/one/\(event)"), "one \(event)")
        }
        #expect(harness.pinger.pings.allSatisfy { $0.event.isJournaled }, "every ping is a journaled kind")
    }
}
