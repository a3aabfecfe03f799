import Foundation
import MediationCore
import MediationTesting

/// A session over a simulated network and player on a manual clock.
struct InstreamTestFixture {
    let clock = ManualClock()
    let pinger = RecordingTrackerPinger()
    let opener: RecordingURLOpener
    let network: SimulatedInstreamCustomEvent
    let player: SimulatedInstreamAdPlayer
    let session: InstreamAdSession

    init(
        script: InstreamSimulationScript,
        configuration: InstreamAdSessionConfiguration = .init(info: [:], privacy: .unrestricted),
        durations: [URL: Duration] = [:], failures: [URL: String] = [:],
        opener: RecordingURLOpener = RecordingURLOpener()
    ) {
        let mediationClock = MediationClock(clock)
        self.opener = opener
        network = SimulatedInstreamCustomEvent(script: script)
        var mediaDurations: [URL: Duration] = [:]
        for banner in Array(script.sections.values.joined()) + Array(script.midrolls.values.joined()) {
            mediaDurations[banner.mediaURL] = .milliseconds(Int64(banner.banner.duration * 1000))
        }
        mediaDurations.merge(durations) { _, explicit in explicit }
        player = SimulatedInstreamAdPlayer(
            clock: mediationClock, durations: mediaDurations, defaultDuration: .seconds(2), failures: failures)
        session = InstreamAdSession(
            customEvent: network, player: player, configuration: configuration, clock: mediationClock,
            urlOpener: opener, trackerPinger: pinger)
    }

    /// Loads and lets the simulated latency pass.
    func loaded() -> InstreamTestFixture {
        session.load()
        clock.advance(by: .seconds(1))
        return self
    }

    static func banner(
        _ id: String, format: InstreamAdFormat = .video, duration: TimeInterval = 2, allowClose: Bool = false,
        allowCloseDelay: TimeInterval = 0, allowSkip: Bool = false, clickURL: String? = nil,
        companions: [InstreamCompanionBanner] = []
    ) -> SimulatedInstreamBanner {
        SimulatedInstreamBanner(
            banner: InstreamAdBanner(
                identifier: id, format: format, duration: duration,
                clickURL: URL(string: clickURL ?? "https://ads.example/click/\(id)"),
                allowClose: allowClose, allowCloseDelay: allowCloseDelay, allowSkip: allowSkip,
                companionBanners: companions),
            mediaURL: URL(string: "https://media.example/\(id).mp4")!)
    }
}
