import Foundation
import MediationSupport
import MediationTesting
import Testing

@testable import MediationBridge
@testable import MediationCore

/// A load in flight holds only what is its own. Line records exist only up to the last line touched,
/// a mediator's runs share its services and rules, every line of a run shares one request scope, and a silent
/// logger is not wrapped per run.
@Suite struct LeanRunStateTests {
    private func at(_ milliseconds: Int64) -> MediationInstant {
        MediationInstant(sinceOrigin: .milliseconds(milliseconds))
    }

    private func response(lines count: Int) -> AdResponse {
        AdResponse(lines: (0..<count).map { WaterfallLine(customEventIdentifier: "E\($0)", timeout: .seconds(1)) })
    }

    @Test func aSequentialRunStoresRecordsOnlyForTheLinesItStarted() {
        var run = WaterfallRunMachine<NativeAd>(
            response: response(lines: 10), strategy: .sequential, followsNextURL: false)
        #expect(run.lines.storedCount == 0)
        #expect(run.lines.count == 10)
        _ = run.handle(.start(at: at(0)))
        #expect(run.lines.storedCount == 1, "only line 0 is resolving")
        _ = run.handle(.lineResolved(line: 0, .ready(.all), at: at(0)))
        _ = run.handle(.lineFailed(line: 0, error: .noFill, at: at(5)))
        #expect(run.lines.storedCount == 2, "line 1 started after line 0 failed")
        #expect(run.lines[9].isPending, "a line never touched reads as pending")
        #expect(run.lines.count { $0.isPending } == 8)
    }

    @Test func aCancelledRunEndsEveryLineItNeverStarted() {
        var run = WaterfallRunMachine<NativeAd>(
            response: response(lines: 4), strategy: .sequential, followsNextURL: false)
        _ = run.handle(.start(at: at(0)))
        _ = run.handle(.cancel(at: at(1)))
        #expect(run.isFinished)
        #expect(run.lines.count == 4)
        #expect(run.lines.allSatisfy { !$0.isLoading && !$0.isHeld })
    }

    @Test func pendingRecordsOfALaterPageCarryThatPage() {
        var records = WaterfallRunMachine<NativeAd>.LineRecords(count: 2)
        records.appendPage(lineCount: 3)
        records.appendPage(lineCount: 1)
        #expect(records.count == 6)
        #expect(records.indices.map(records.page(of:)) == [0, 0, 1, 1, 1, 2])
        #expect(records.storedCount == 0)
        records[3].hasCalledBack = true
        #expect(records.storedCount == 4, "writing line 3 stores lines 0 to 3")
        #expect(records[3].hasCalledBack)
        #expect(!records[2].hasCalledBack, "a line stored on the way is still untouched")
        #expect(records.page(of: 3) == 1)
        #expect(records.indices.map(records.page(of:)) == [0, 0, 1, 1, 1, 2], "a record tells its page by its index")
    }

    @Test func aMediatorsRunsShareItsRulesUnlessTheLoggerLevelsChanged() {
        let mediator = Mediator(
            registry: MediationRegistry(),
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: MediationClock(ManualClock()), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let services = mediator.services
        let silent = MediationLogLevelMask.enabled(in: SilentLogger())
        #expect(services.rules(enabledLogLevels: silent) === services.rules)
        let other = services.rules(enabledLogLevels: .all)
        #expect(other !== services.rules)
        #expect(other.enabledLogLevels == .all)
        #expect(other.strategy == services.rules.strategy)
        #expect(other.limits == services.rules.limits)
    }

    @Test func aSilentLoggerIsNotWrappedButARecordingOneIsStamped() throws {
        let runID = MediationRunID.next()
        #expect(SilentLogger().scoped(toRun: runID, adUnit: "unit") is SilentLogger)
        let recording = RecordingLogger()
        let scoped = recording.scoped(toRun: runID, adUnit: "unit")
        #expect(scoped is RunScopedLogger)
        scoped.log(.info, "hello")
        let entry = try #require(recording.entries.last)
        #expect(entry.runID == runID)
        #expect(entry.adUnit == "unit")
    }
}

@Suite struct SharedRequestScopeTests {
    @Test func everyLineOfARunSharesOneScopeAndEachRunTakesItsOwnSnapshot() throws {
        let harness = WaterfallHarness()
        let events = ["A", "B", "C"].map { ManualCustomEvent(identifier: $0) }
        let privacy = try PrivacySettings(gdprApplies: true, canCollectPersonalInfo: false)
        let mediator = try harness.mediator(manual: events, privacy: privacy)
        // Runs left in flight are cancelled at the end: a run waiting on a network holds it, and the network holds
        // the run's context, until the run ends.
        let first = mediator.mediate(Fixture.response(["A", "B", "C"]), delivery: .immediate) { _ in }
        defer { first.cancel() }
        events[0].fail(.noFill)
        events[1].fail(.noFill)
        let contexts = events.compactMap(\.context)
        #expect(contexts.count == 3)
        #expect(contexts[1].scope === contexts[0].scope)
        #expect(contexts[2].scope === contexts[0].scope)
        #expect(contexts.allSatisfy { $0.privacy == privacy })
        #expect(contexts.map(\.source.customEventIdentifier) == ["A", "B", "C"])

        let firstScope = contexts[0].scope
        var changed = privacy
        changed.isChildDirected = true
        mediator.privacy = changed
        let second = mediator.mediate(Fixture.response(["A"]), delivery: .immediate) { _ in }
        defer { second.cancel() }
        let secondContext = try #require(events[0].context)
        #expect(secondContext.scope !== firstScope, "a new run takes a new snapshot")
        #expect(secondContext.privacy == changed)
        #expect(contexts[2].privacy == privacy, "the first run keeps its own")
    }

    @Test func withASilentLoggerRunsShareTheScopeUntilPrivacyOrTargetingChanges() throws {
        let event = ManualCustomEvent(identifier: "A")
        var registry = MediationRegistry()
        try registry.registerCustomEvent("A") { [weak event] in event ?? ManualCustomEvent(identifier: "released") }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["A"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: MediationClock(ManualClock()), logger: SilentLogger(),
                trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        // Each run waits on the network; all are cancelled at the end, which lets go of the network.
        var runs: [MediationRun] = []
        defer { for run in runs { run.cancel() } }
        func scopeOfANewRun() throws -> NativeAdRequestRunScope {
            runs.append(mediator.mediate(Fixture.response(["A"]), delivery: .immediate) { _ in })
            return try #require(event.context).scope
        }
        let first = try scopeOfANewRun()
        #expect(try scopeOfANewRun() === first, "nothing changed: the next run shares the scope")
        var privacy = PrivacySettings.unrestricted
        privacy.isChildDirected = true
        mediator.privacy = privacy
        let afterPrivacy = try scopeOfANewRun()
        #expect(afterPrivacy !== first)
        #expect(afterPrivacy.privacy == privacy)
        mediator.targeting = try Targeting(age: 40)
        let afterTargeting = try scopeOfANewRun()
        #expect(afterTargeting !== afterPrivacy)
        #expect(afterTargeting.targeting == (try Targeting(age: 40)).redacted(for: privacy))
        #expect(try scopeOfANewRun() === afterTargeting)
    }

    @Test func thePublicInitializerStillRedactsTargetingAndWrapsThePrecacher() throws {
        let privacy = try PrivacySettings(gdprApplies: true, canCollectPersonalInfo: false)
        let context = NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(), privacy: privacy, targeting: try Targeting(age: 30),
            trackerPinger: DiscardingTrackerPinger(), source: NativeAdSource(customEventIdentifier: "X"))
        #expect(context.targeting.age == nil, "personal targeting is withheld")
        #expect(context.imagePrecacher is URLPolicyImagePrecacher)
        #expect(context.privacy == privacy)
    }
}

@Suite struct ResolvedLineRendererTests {
    @Test func theWinnerGetsTheRendererConfigurationOfItsOwnCustomEvent() throws {
        let clock = ManualClock()
        var registry = MediationRegistry()
        try registry.registerCustomEvent("first") {
            ScriptedCustomEvent(identifier: "first", script: .fail(.noFill, after: .zero))
        }
        try registry.registerCustomEvent("second") {
            ScriptedCustomEvent(identifier: "second", script: Fixture.fill("second"))
        }
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["first"]))
        registry.addRendererConfiguration(StaticNativeAdRenderer.configuration(customEvents: ["second"]))
        let mediator = Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: .sequential, clock: MediationClock(clock), trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
        let result = Locked<MediationRunResult?>(nil)
        mediator.mediate(Fixture.response(["first", "second"]), delivery: .immediate) { outcome in
            result.withLock { $0 = outcome }
        }
        clock.advance(by: .milliseconds(1))
        let ad = try #require(try result.current?.outcome.get())
        let configuration = try #require(ad.rendererConfiguration)
        #expect(configuration.supportedCustomEvents == ["second"])
    }
}
