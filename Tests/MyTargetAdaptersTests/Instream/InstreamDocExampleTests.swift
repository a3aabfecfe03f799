// The example of docs/instream.md, compiled and checked here as well.
import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

func docExamplePlayPreroll(privacy: PrivacySettings) -> [InstreamAdEvent] {
    let clock = ManualClock()
    let mediationClock = MediationClock(clock)
    let factory = MyTargetSandboxInstreamFactory(
        clock: mediationClock, videoScript: MyTargetSandboxInstreamScripts.video(),
        audioScript: MyTargetSandboxInstreamScripts.audio())
    let session = InstreamAdSession(
        customEvent: MyTargetInstreamVideoCustomEvent(factory: factory),
        player: SimulatedInstreamAdPlayer(
            clock: mediationClock, durations: MyTargetSandboxInstreamScripts.mediaDurations()),
        configuration: InstreamAdSessionConfiguration(
            info: ["slotId": .string("1357")], midpoints: .percent([25, 50]), contentDuration: 120,
            privacy: privacy),
        clock: mediationClock, urlOpener: RecordingURLOpener(), trackerPinger: RecordingTrackerPinger())
    session.load()
    clock.advance(by: .seconds(1))  // loaded; session.midpoints == [30]
    session.start(.preroll)
    clock.runUntilIdle()
    return session.reportedEvents  // … banner start, time left …, banner complete …, section complete preroll
}

@Suite struct InstreamDocExampleTests {
    @Test func theDocExamplePlaysAWholePreroll() {
        let events = docExamplePlayPreroll(privacy: .unrestricted)
        #expect(events.first == .loaded(midpoints: [30]))
        #expect(events.last == .sectionCompleted(.preroll))
        #expect(events.filter { if case .bannerStarted = $0 { true } else { false } }.count == 2)
    }
}
