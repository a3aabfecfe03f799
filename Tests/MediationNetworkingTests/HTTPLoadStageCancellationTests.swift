import Foundation
import MediationCore
import MediationNetworking
import MediationSupport
import MediationTesting
import NetworkSandbox
import TAMediaAdapter
import Testing

/// A bid signal provider on the real clock that answers after `delay` (120 s here, within its 300 s timeout, so that
/// a load that waits for it ends at 120 s), and tells the test when it was asked.
final class SlowBidSignalProvider: BidSignalProvider {
    let customEventIdentifier: String
    let networkName: String
    private let delay: Duration
    private let asked = OneShotResult<Void>()

    init(_ identifier: String, answersAfter delay: Duration) {
        customEventIdentifier = identifier
        networkName = "Net-\(identifier)"
        self.delay = delay
    }

    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        asked.deliver(())
        let (seconds, attoseconds) = delay.components
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        ) {
            completion(.success("late-token"))
        }
    }

    /// Returns once the provider has been asked.
    func waitUntilAsked() async { await asked.value }
}

/// Cancelling a load over HTTP ends it within 50 ms of the cancel, whatever stage it is in and however long the
/// providers, the server or the bidders would take (seconds here, so a load that waits is plainly told apart), and
/// nothing starts after the cancel: the loopback server's hit log is the truth for the wire.
@Suite(.serialized) struct HTTPLoadStageCancellationTests {
    /// The bound between the cancel and the outcome: 50 ms (the issue's) when the suite runs alone, as `.ci/run` runs
    /// it. Inside the parallel suite, on two shared cores, a task that awaits an outcome can wait many seconds for a
    /// thread while other suites keep both busy (8, 18 and 24 s were measured), so the bound there is 60 s: half the
    /// 120 s after which the providers and the server here answer, so it still tells a cancelled load from one that
    /// waited for an answer.
    static let promptBound: Duration =
        ProcessInfo.processInfo.environment["MEDIATION_SUITE_ALONE"] == "1" ? .milliseconds(50) : .seconds(60)

    /// A mediator over the response's custom events (a scripted bidder that finds no fill, and TAMedia, whose ads
    /// download their images from the server), with `providers` registered with a 300 s timeout; `made` counts the
    /// custom events made.
    private static func mediator(
        _ server: LoopbackServer, providers: [any BidSignalProvider] = [], made: Locked<Int>,
        pinger: any TrackerPinging
    ) throws -> Mediator {
        let content = TAMediaSDKNativeAdContent(
            longSubject: "Loopback ad", body: "Served on 127.0.0.1", callToAction: "Open",
            iconSquare: TAMediaSDKNativeAdImage(url: server.url("/image/icon.png")),
            iconRect: TAMediaSDKNativeAdImage(url: server.url("/image/rect.png")))
        let network = SandboxTAMediaNetwork(script: .fill(content))
        var registry = MediationRegistry()
        try registry.registerCustomEvent("Bidder") {
            made.withLock { $0 += 1 }
            return ScriptedCustomEvent(identifier: "Bidder", script: .fail(.noFill))
        }
        try registry.registerCustomEvent(TAMediaCustomNativeAdEvent.identifier) {
            made.withLock { $0 += 1 }
            return TAMediaCustomNativeAdEvent(factory: network)
        }
        registry.addRendererConfiguration(
            StaticNativeAdRenderer.configuration(customEvents: registry.customEventIdentifiers))
        for provider in providers { try registry.registerBidSignalProvider(provider, timeout: .seconds(300)) }
        return Mediator(
            registry: registry,
            configuration: MediatorConfiguration(
                strategy: try .hedged(after: .zero, maxInFlight: 3), trackerPinger: pinger,
                imagePrecacher: try URLSessionImagePrecacher()))
    }

    /// The outcome of a completion-handler load and when it arrived.
    private final class Outcome: Sendable {
        private let recorded = Locked<[(Result<NativeAd, MediationFailure>, ContinuousClock.Instant)]>([])
        private let arrived = OneShotResult<Void>()

        var completion: @Sendable (Result<NativeAd, MediationFailure>) -> Void {
            { [recorded, arrived] result in
                recorded.withLock { $0.append((result, ContinuousClock.now)) }
                arrived.deliver(())
            }
        }

        var all: [(Result<NativeAd, MediationFailure>, ContinuousClock.Instant)] { recorded.current }

        func first() async -> (Result<NativeAd, MediationFailure>, ContinuousClock.Instant)? {
            await arrived.value
            return all.first
        }
    }

    @Test func aCancelDuringSignalCollectionWithAn8sProviderEndsWithin50msAndNothingStarts() async throws {
        try await LoopbackServer.run { server in
            let provider = SlowBidSignalProvider("Slow", answersAfter: .seconds(120))
            let made = Locked(0)
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
            let mediator = try Self.mediator(server, providers: [provider], made: made, pinger: pinger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/cancel-stages"))
            let outcome = Outcome()
            let run = mediator.loadNativeAd(
                adUnitID: "cancel-unit", from: source, delivery: .immediate, completion: outcome.completion)
            await provider.waitUntilAsked()
            let cancelledAt = ContinuousClock.now
            run.cancel()
            let (result, endedAt) = try #require(await outcome.first())
            let took = cancelledAt.duration(to: endedAt)
            #expect(took < Self.promptBound, "\(took): not at the provider's 120 s answer")
            let failure = try #require(result.failure)
            #expect(failure.error == .cancelled)
            #expect(failure.trace.notes.contains { $0.contains("bid signals") && $0.contains("no ad request") })
            #expect(failure.trace.auction?.signals.map(\.result) == [.cancelled])
            #expect(run.isFinished)
            run.cancel()
            #expect(outcome.all.count == 1, "exactly once")
            // Nothing went out: no ad request, no image, no URL (the server records every request but its own
            // control endpoints). It waits a second for one, to see a late one too.
            #expect(try await server.waitForHit(startingWith: "/", timeout: .seconds(1)) == false)
            #expect(made.current == 0, "no custom event made")
            #expect(pinger.pendingCount == 0)
        }
    }

    @Test func aTaskCancelledDuringSignalCollectionThrowsCancelledWithin50ms() async throws {
        try await LoopbackServer.run { server in
            let provider = SlowBidSignalProvider("Slow", answersAfter: .seconds(120))
            let made = Locked(0)
            let mediator = try Self.mediator(
                server, providers: [provider], made: made, pinger: RecordingTrackerPinger())
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/cancel-stages"))
            let load = Task { () -> (MediationError?, ContinuousClock.Instant) in
                do throws(MediationFailure) {
                    _ = try await mediator.loadNativeAd(adUnitID: "cancel-unit", from: source)
                    return (nil, .now)
                } catch {
                    return (error.error, .now)
                }
            }
            await provider.waitUntilAsked()
            let cancelledAt = ContinuousClock.now
            load.cancel()
            let (error, endedAt) = await load.value
            let took = cancelledAt.duration(to: endedAt)
            #expect(error == .cancelled)
            #expect(took < Self.promptBound, "\(took)")
            #expect(try await server.waitForHit(startingWith: "/", timeout: .seconds(1)) == false)
            #expect(made.current == 0)
        }
    }

    @Test func aCancelDuringTheAdRequestEndsWithin50msAndStartsNoLine() async throws {
        try await LoopbackServer.run { server in
            let made = Locked(0)
            let mediator = try Self.mediator(server, made: made, pinger: RecordingTrackerPinger())
            let source = try HTTPAdResponseSource(endpoint: server.url("/slow?seconds=120"))
            let outcome = Outcome()
            let run = mediator.loadNativeAd(
                adUnitID: "cancel-unit", from: source, delivery: .immediate, completion: outcome.completion)
            #expect(try await server.waitForHit(startingWith: "/slow", timeout: .seconds(5)))
            let cancelledAt = ContinuousClock.now
            run.cancel()
            let (result, endedAt) = try #require(await outcome.first())
            let took = cancelledAt.duration(to: endedAt)
            #expect(took < Self.promptBound, "\(took): not at the server's 120 s answer")
            #expect(result.failure?.error == .cancelled)
            #expect(
                try await server.waitForHit(startingWith: "/slow", closedEarly: true, timeout: .seconds(5)),
                "the request stopped on the wire")
            let paths = try await server.hits().map(\.path)
            #expect(!paths.contains { $0.hasPrefix("/track") || $0.hasPrefix("/image") })
            #expect(made.current == 0)
            #expect(outcome.all.count == 1)
        }
    }

    @Test func aRunCancelledBeforeItStartsFiresNoURLAndDownloadsNoImage() async throws {
        // The host cancels as the ad response arrives: the load's control is cancelled when the run is made, and the
        // run (which would start three lines at once, two of which download two images each) starts none of them.
        try await LoopbackServer.run { server in
            let made = Locked(0)
            let pinger = try URLSessionTrackerPinger(journalDirectory: nil)
            let mediator = try Self.mediator(server, made: made, pinger: pinger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/cancel-stages"))
            let response = try await source.fetchAdResponse(
                forAdUnit: "cancel-unit", privacy: .unrestricted, targeting: .none)
            let control = HTTPLoadControl()
            control.cancel()
            let cancelled = OneShotResult<MediationRunResult>()
            let run = mediator.mediate(
                response, delivery: .immediate, runID: .next(), willStart: control.started,
                completion: cancelled.deliver)
            let result = await cancelled.value
            #expect(result.error == .cancelled)
            #expect(result.trace.entries.isEmpty)
            #expect(result.trace.auction?.notices.isEmpty == true, "no win or loss notice")
            #expect(run.isFinished)
            #expect(made.current == 0)
            await pinger.waitUntilIdle()
            #expect(try await server.waitForHit(startingWith: "/track", timeout: .seconds(1)) == false, "0 URLs fired")
            #expect(try await server.paths(startingWith: "/image").isEmpty, "0 images downloaded")

            // The control: the same response, not cancelled, does reach the wire.
            let ran = OneShotResult<MediationRunResult>()
            _ = mediator.mediate(response, delivery: .immediate, completion: ran.deliver)
            _ = await ran.value
            #expect(await pinger.waitUntilDelivered())
            #expect(try await server.waitForHit(startingWith: "/image", timeout: .seconds(5)))
            let paths = try await server.hits().map(\.path)
            #expect(paths.contains("/track/before?line=bidder"))
            #expect(paths.contains("/track/before?line=tamedia-1"))
            #expect(paths.contains { $0.hasPrefix("/track/notice?kind=loss") })
            #expect(made.current >= 2)
        }
    }
}
