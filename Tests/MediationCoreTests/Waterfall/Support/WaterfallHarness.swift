import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// A manual clock, recorders and a registry of scripted custom events, for waterfall tests.
final class WaterfallHarness: Sendable {
    let clock = ManualClock()
    let mediationClock: MediationClock
    let pinger = RecordingTrackerPinger()
    let logger = RecordingLogger()
    private let created = Locked<[String: [ScriptedCustomEvent]]>([:])

    init() {
        mediationClock = MediationClock(clock)
    }

    /// A registry with one scripted custom event per entry of `scripts` and one static renderer configuration
    /// listing `renderable` (every scripted identifier by default).
    func registry(_ scripts: [String: CustomEventScript], renderable: [String]? = nil) throws -> MediationRegistry {
        var registry = MediationRegistry()
        for (identifier, script) in scripts {
            try registry.registerCustomEvent(identifier) { [created] in
                let event = ScriptedCustomEvent(identifier: identifier, script: script)
                created.withLock { $0[identifier, default: []].append(event) }
                return event
            }
        }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: renderable ?? scripts.keys.sorted()))
        return registry
    }

    /// A mediator on the manual clock over `scripts`.
    func mediator(
        _ scripts: [String: CustomEventScript],
        strategy: MediationStrategy = .sequential,
        privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none,
        responseSource: (any AdResponseSource)? = nil,
        renderable: [String]? = nil,
        limits: MediationRunLimits = .default
    ) throws -> Mediator {
        Mediator(
            registry: try registry(scripts, renderable: renderable),
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, privacy: privacy, targeting: targeting, logger: logger,
                trackerPinger: pinger, imagePrecacher: NoImagePrecaching(), responseSource: responseSource,
                limits: limits))
    }

    /// A mediator on the manual clock over `registry`, for custom events a test registers itself.
    func mediator(registry: MediationRegistry, strategy: MediationStrategy = .sequential) -> Mediator {
        Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: strategy, clock: mediationClock, logger: logger, trackerPinger: pinger,
                imagePrecacher: NoImagePrecaching()))
    }

    /// The custom events created for `identifier`, in creation order.
    func events(_ identifier: String) -> [ScriptedCustomEvent] {
        created.withLock { $0[identifier] ?? [] }
    }

    /// The single custom event created for `identifier`, if exactly one was.
    func event(_ identifier: String) -> ScriptedCustomEvent? {
        let events = events(identifier)
        return events.count == 1 ? events.first : nil
    }

    /// Now, in whole milliseconds.
    var nowMilliseconds: Int64 { clock.elapsedSinceStart.wholeMilliseconds }
}

/// Collects run results delivered by completion handlers, with the clock time of each.
final class RunRecorder: Sendable {
    private let recorded = Locked<[(result: MediationRunResult, at: Duration)]>([])
    private let clock: ManualClock

    init(_ clock: ManualClock) {
        self.clock = clock
    }

    /// The completion handler to pass to the mediator.
    var completion: @Sendable (MediationRunResult) -> Void {
        { [recorded, clock] result in recorded.withLock { $0.append((result, clock.elapsedSinceStart)) } }
    }

    /// Every result so far.
    var results: [MediationRunResult] { recorded.withLock { $0.map(\.result) } }

    /// The only result, when exactly one arrived.
    var single: MediationRunResult? {
        let results = results
        return results.count == 1 ? results.first : nil
    }

    /// When the first result arrived, on the clock.
    var deliveredAt: Duration? { recorded.withLock { $0.first?.at } }
}

/// Building blocks for waterfall tests.
enum Fixture {
    /// Ad properties with `title`.
    static func properties(_ title: String) -> NativeAdProperties {
        var properties = NativeAdProperties()
        try? properties.setText(title, for: .title)
        return properties
    }

    /// A script that fills with an ad titled `title` after `milliseconds`.
    static func fill(_ title: String, after milliseconds: Int64 = 0) -> CustomEventScript {
        .fill(properties(title), after: .milliseconds(milliseconds))
    }

    /// A script that reports no fill after `milliseconds`.
    static func noFill(after milliseconds: Int64 = 0) -> CustomEventScript {
        .fail(.noFill, after: .milliseconds(milliseconds))
    }

    /// A URL on the test tracker host.
    static func url(_ path: String) -> URL {
        URL(string: "https://track.example/\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// A line for `identifier`.
    static func line(
        _ identifier: String, timeoutMilliseconds: Int64? = 10_000, before: [String] = [], after: [String] = [],
        success: [String] = [], fail: [String] = []
    ) throws -> WaterfallLine {
        WaterfallLine(
            customEventIdentifier: identifier, timeout: timeoutMilliseconds.map { .milliseconds($0) },
            beforeLoadURLs: before.map(url), afterLoadURLs: try after.map { try LoadURLTemplate($0) },
            afterLoadSuccessURLs: try success.map { try LoadURLTemplate($0) },
            afterLoadFailURLs: try fail.map { try LoadURLTemplate($0) })
    }

    /// A response of plain lines.
    static func response(_ identifiers: [String], adUnitID: String? = nil) -> AdResponse {
        AdResponse(lines: identifiers.map { WaterfallLine(customEventIdentifier: $0) }, adUnitID: adUnitID)
    }

    /// The title of a run's ad.
    static func title(_ result: MediationRunResult?) -> String? {
        result?.ad?.properties.text(.title)
    }
}
