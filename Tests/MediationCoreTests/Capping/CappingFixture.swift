import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Building blocks for the frequency-capping tests: a fixed date, temporary directories, mediators whose runs
/// obey a store, and lines with the ad server's cap keys.
enum CappingFixture {
    /// The date the first "launch" starts at.
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// A directory of its own under the temporary directory (not created: the store creates it on its first save).
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("frequency-caps-\(UUID().uuidString)")
    }

    /// `count` impressions per hour.
    static func hourly(_ count: Int, apart interval: Duration? = nil) throws -> FrequencyCap {
        try FrequencyCap(maxImpressions: count, per: .seconds(3_600), minimumInterval: interval)
    }

    /// A store on `harness`'s manual clock, dated `date` now.
    static func store(
        _ harness: WaterfallHarness, directory: URL?, rules: FrequencyCapRules = FrequencyCapRules(),
        date: Date = CappingFixture.date, maximumImpressions: Int = FrequencyCapStore.defaultMaximumImpressions
    ) -> FrequencyCapStore {
        FrequencyCapStore(
            directory: directory, rules: rules, clock: harness.mediationClock, date: date,
            maximumImpressions: maximumImpressions, logger: harness.logger)
    }

    /// A sequential mediator on `harness`'s clock over `scripts` (or `registry`) whose runs obey `caps`.
    static func mediator(
        _ harness: WaterfallHarness, _ scripts: [String: CustomEventScript] = [:], registry: MediationRegistry? = nil,
        caps: FrequencyCapStore?
    ) throws -> Mediator {
        var configuration = MediatorConfiguration(
            strategy: .sequential, clock: harness.mediationClock, logger: harness.logger,
            trackerPinger: harness.pinger, imagePrecacher: NoImagePrecaching())
        configuration.frequencyCaps = caps
        return Mediator(registry: try registry ?? harness.registry(scripts), configuration: configuration)
    }

    /// A line of `identifier` named `network`, with the ad server's creative and cap when given.
    static func line(
        _ identifier: String, network: String? = nil, creative: String? = nil, cap: FrequencyCap? = nil,
        key: String? = nil, before: [String] = []
    ) -> WaterfallLine {
        var line = WaterfallLine(
            customEventIdentifier: identifier, networkName: network, beforeLoadURLs: before.map(Fixture.url))
        line.creativeIdentifier = creative
        line.frequencyCap = cap
        line.frequencyCapKey = key
        return line
    }

    /// Runs `response` on `mediator` and returns its result (the scripted lines answer on the manual clock, at once
    /// when their latency is zero).
    static func run(_ mediator: Mediator, _ response: AdResponse) -> MediationRunResult? {
        let recorder = Locked<MediationRunResult?>(nil)
        mediator.mediate(response, delivery: .immediate) { result in recorder.withLock { $0 = result } }
        return recorder.current
    }

    /// The store's file as a JSON object.
    static func file(_ store: FrequencyCapStore) throws -> [String: Any] {
        let data = try Data(contentsOf: try #require(store.fileURL))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
