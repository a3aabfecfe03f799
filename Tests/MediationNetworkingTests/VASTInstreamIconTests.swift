import Foundation
import MediationCore
import MediationTesting
import MediationVAST
import Testing

/// `VASTInstreamCustomEvent`'s icon API: the playing ad's `Icons`, `IconViewTracking` when the host shows one and
/// `IconClickTracking` when the user clicks it, each once per ad, with the break's macros.
@Suite struct VASTInstreamIconTests {
    static let markup = """
        <VAST version="4.1"><Ad id="icon"><InLine><AdSystem>Test</AdSystem><AdTitle>icon</AdTitle>
        <Impression>https://t.example/icon/impression</Impression>
        <Creatives><Creative><Linear><Duration>00:00:10</Duration>
        <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">
        https://cdn.example/icon.mp4</MediaFile></MediaFiles>
        <Icons><Icon program="AdChoices" width="20" height="20" xPosition="right" yPosition="top">
        <StaticResource creativeType="image/png">https://cdn.example/adchoices.png</StaticResource>
        <IconClicks><IconClickThrough>https://adchoices.example/</IconClickThrough>
        <IconClickTracking>https://t.example/icon/click?bp=[BREAKPOSITION]</IconClickTracking></IconClicks>
        <IconViewTracking>https://t.example/icon/view?bp=[BREAKPOSITION]</IconViewTracking>
        </Icon></Icons>
        </Linear></Creative></Creatives></InLine></Ad></VAST>
        """

    @Test func iconViewAndClickTrackingFireOncePerAdAsJournaledPings() async {
        let harness = VASTInstreamConformanceTests.Harness(markup: Self.markup)
        await harness.load()
        #expect(harness.event.playingIcons.isEmpty, "no icon before the ad plays")
        harness.event.trackIconShown(at: 0)
        harness.event.start(.midroll, midpoint: 30)
        harness.clock.advance(by: .seconds(1))
        #expect(harness.event.playingIcons.map(\.program) == ["AdChoices"])
        #expect(harness.event.playingIcons.first?.clickThrough == URL(string: "https://adchoices.example/"))
        for _ in 0..<2 {
            harness.event.trackIconShown(at: 0)
            harness.event.trackIconClick(at: 0)
        }
        harness.event.trackIconShown(at: 1)
        harness.event.trackIconClick(at: -1)
        harness.clock.runUntilIdle()
        #expect(harness.event.playingIcons.isEmpty, "no icon after the ad")
        let icons = harness.pinger.pings.filter {
            $0.url.path.hasPrefix("/icon/view") || $0.url.path.hasPrefix("/icon/click")
        }
        #expect(
            icons.map(\.url.absoluteString) == [
                "https://t.example/icon/view?bp=2", "https://t.example/icon/click?bp=2",
            ])
        #expect(icons.map(\.event) == [.tracking, .click])
    }
}
