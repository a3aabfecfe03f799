import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// Bid signals are collected in parallel before the ad request, each within its timeout; a late, failing,
/// twice-answering or privacy-barred provider is left out, once, and the record says why.
@Suite struct BidSignalCollectionTests {
    private func mediator(
        _ providers: [(ScriptedBidSignalProvider, Duration)], clock: MediationClock,
        privacy: PrivacySettings = .unrestricted
    ) throws -> Mediator {
        var registry = MediationRegistry()
        for (provider, timeout) in providers {
            try registry.registerBidSignalProvider(provider, timeout: timeout)
        }
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                clock: clock, privacy: privacy, trackerPinger: RecordingTrackerPinger(),
                imagePrecacher: NoImagePrecaching()))
    }

    @Test func signalsAreCollectedInParallelAndLateFailingAndDoubleAnswersAreLeftOut() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let providers: [(ScriptedBidSignalProvider, Duration)] = [
            (
                ScriptedBidSignalProvider("Fast", .signal("token-fast", after: .milliseconds(100)), clock: clock),
                .seconds(1)
            ),
            (
                ScriptedBidSignalProvider("Slow", .signal("token-slow", after: .milliseconds(900)), clock: clock),
                .seconds(1)
            ),
            (
                ScriptedBidSignalProvider("Late", .signal("token-late", after: .milliseconds(700)), clock: clock),
                .milliseconds(500)
            ),
            (
                ScriptedBidSignalProvider("Broken", .failure(.noFill, after: .milliseconds(50)), clock: clock),
                .seconds(1)
            ),
            (
                ScriptedBidSignalProvider("Twice", .twice("one", "two", after: .milliseconds(200)), clock: clock),
                .seconds(1)
            ),
            (ScriptedBidSignalProvider("Silent", .never, clock: clock), .milliseconds(1500)),
        ]
        let mediator = try mediator(providers, clock: clock)
        let delivered = Locked<[(BidSignalCollection, Duration)]>([])
        mediator.collectBidSignals(adUnitID: "unit", format: .native) { collection in
            delivered.withLock { $0.append((collection, manual.elapsedSinceStart)) }
        }
        #expect(providers.allSatisfy { $0.0.asked.current.count == 1 }, "every provider is asked at once")
        manual.advance(by: .milliseconds(1499))
        #expect(delivered.current.isEmpty, "the silent provider still has time")
        manual.advance(by: .milliseconds(1))
        manual.runUntilIdle()
        #expect(delivered.current.count == 1)
        let (collection, at) = try #require(delivered.current.first)
        #expect(at == .milliseconds(1500), "never longer than the largest timeout")
        #expect(collection.signals.map(\.customEventIdentifier) == ["Fast", "Slow"])
        #expect(collection.signals.map(\.signal) == ["token-fast", "token-slow"])
        let results = Dictionary(uniqueKeysWithValues: collection.records.map { ($0.customEvent, $0.result) })
        #expect(results["Fast"] == .collected)
        #expect(results["Slow"] == .collected)
        #expect(results["Late"] == .timedOut)
        #expect(results["Broken"] == .failed)
        #expect(results["Twice"] == .answeredTwice)
        #expect(results["Silent"] == .timedOut)
        #expect(collection.records.first { $0.customEvent == "Fast" }?.took == .milliseconds(100))
        #expect(collection.records.count == 6)
        let json = String(decoding: try JSONEncoder().encode(collection.records), as: UTF8.self)
        #expect(!json.contains("token-"), "the trace never carries a signal's content")
    }

    @Test func collectionEndsAsSoonAsEveryProviderAnswered() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let mediator = try mediator(
            [
                (ScriptedBidSignalProvider("A", .signal("a", after: .milliseconds(30)), clock: clock), .seconds(1)),
                (ScriptedBidSignalProvider("B", .signal("b", after: .zero), clock: clock), .seconds(1)),
            ], clock: clock)
        let delivered = Locked<[Duration]>([])
        mediator.collectBidSignals(adUnitID: "unit", format: .native) { _ in
            delivered.withLock { $0.append(manual.elapsedSinceStart) }
        }
        manual.runUntilIdle()
        #expect(delivered.current == [.milliseconds(30)])
    }

    @Test func noSignalIsCollectedForANetworkThePrivacySettingsBar() throws {
        let clock = MediationClock(ManualClock())
        var optedOut = PrivacySettings.unrestricted
        try optedOut.setUSPrivacyString("1YYN")
        var childDirected = PrivacySettings.unrestricted
        childDirected.isChildDirected = true
        var noConsent = PrivacySettings.unrestricted
        noConsent.canCollectPersonalInfo = false
        for (privacy, expectAsked) in [(optedOut, false), (noConsent, false), (childDirected, true)] {
            let grown = ScriptedBidSignalProvider(
                "Grown", .signal("g", after: .zero), clock: clock,
                supportsChildDirectedTraffic: false)
            let kids = ScriptedBidSignalProvider("Kids", .signal("k", after: .zero), clock: clock)
            let mediator = try mediator([(grown, .seconds(1)), (kids, .seconds(1))], clock: clock, privacy: privacy)
            let delivered = Locked<BidSignalCollection?>(nil)
            mediator.collectBidSignals(adUnitID: "unit", format: .native) { collection in
                delivered.withLock { $0 = collection }
            }
            let collection = try #require(delivered.current)
            #expect(grown.asked.current.isEmpty, "\(privacy)")
            #expect(collection.records.first { $0.customEvent == "Grown" }?.result == .barredByPrivacy)
            #expect(kids.asked.current.isEmpty == !expectAsked)
            #expect(collection.signals.map(\.customEventIdentifier) == (expectAsked ? ["Kids"] : []))
        }
    }

    @Test func aProviderThatNeedsTheMainThreadIsAskedThere() async throws {
        let clock = MediationClock(ManualClock())
        let provider = ScriptedBidSignalProvider(
            "Main", .signal("m", after: .zero), clock: clock, requiresMainThread: true)
        let mediator = try mediator([(provider, .seconds(1))], clock: clock)
        let collection = await mediator.collectBidSignals(adUnitID: "unit", format: .instreamVideo)
        #expect(collection.signals.map(\.signal) == ["m"])
        #expect(provider.askedOnMainThread.current == [true])
        #expect(provider.asked.current.first?.format == .instreamVideo)
        #expect(provider.asked.current.first?.adUnitID == "unit")
    }

    @Test func aServerSetTimeoutReplacesTheHostsForLaterRequests() throws {
        let manual = ManualClock()
        let clock = MediationClock(manual)
        let slow = ScriptedBidSignalProvider("Slow", .signal("s", after: .milliseconds(700)), clock: clock)
        let mediator = try mediator([(slow, .seconds(1))], clock: clock)
        var response = AdResponse(lines: [])
        response.bidSignalTimeouts = ["Slow": .milliseconds(300)]
        mediator.mediate(response, delivery: .immediate) { _ in }
        let delivered = Locked<BidSignalCollection?>(nil)
        mediator.collectBidSignals(adUnitID: "unit", format: .native) { collection in
            delivered.withLock { $0 = collection }
        }
        manual.runUntilIdle()
        #expect(delivered.current?.records.first?.result == .timedOut)
        #expect(delivered.current?.records.first?.took == .milliseconds(300))
    }

    @Test func registrationRefusesADuplicateOrANonPositiveTimeout() throws {
        let clock = MediationClock(ManualClock())
        var registry = MediationRegistry()
        try registry.registerBidSignalProvider(ScriptedBidSignalProvider("A", .never, clock: clock))
        #expect(registry.bidSignalRegistration(for: "A")?.timeout == .seconds(1), "1 s by default")
        #expect(throws: MediationError.self) {
            try registry.registerBidSignalProvider(ScriptedBidSignalProvider("A", .never, clock: clock))
        }
        do {
            try registry.registerBidSignalProvider(ScriptedBidSignalProvider("B", .never, clock: clock), timeout: .zero)
            Issue.record("a zero timeout was accepted")
        } catch {
            guard case .invalidConfiguration(let path, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == "bidSignalProviders.B.timeout")
        }
    }
}
