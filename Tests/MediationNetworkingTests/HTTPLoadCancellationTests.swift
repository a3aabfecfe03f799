import Foundation
import MediationCore
import MediationNetworking
import MediationTesting
import Testing

/// Cancelling an HTTP load (the host's task, or the handle of the completion-handler twin) stops the request on
/// the wire and ends the load with `cancelled` at once, logged as a cancel, not a failure.
@Suite(.serialized) struct HTTPLoadCancellationTests {
    /// 100 ms when the suite runs alone (`.ci/run` runs it so). Inside the parallel suite, on two shared cores, a task
    /// that awaits the outcome can wait many seconds for a thread (1.3, 8, 18 and 24 s were measured), so the bound
    /// there is 60 s; a load that was not cancelled ends at the source's 10 s timeout with `timedOut`, not
    /// `cancelled`, and the server's closed-early hit is the wire's evidence of the cancel.
    private static let promptBound: Duration =
        ProcessInfo.processInfo.environment["MEDIATION_SUITE_ALONE"] == "1" ? .milliseconds(100) : .seconds(60)

    private func mediator(logger: RecordingLogger) -> Mediator {
        Mediator(
            registry: MediationRegistry(),
            configuration: MediatorConfiguration(
                logger: logger, trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
    }

    /// Whether the server saw the `/slow` request's connection closed before its 15 s answer (it records a second
    /// hit when its handler notices the closed socket). A request cancelled before it was sent (on a loaded machine
    /// the 50 ms can pass before the request goes out) never reaches the server, and counts as closed too.
    private func serverSawTheConnectionClosed(_ server: LoopbackServer) async throws -> Bool {
        guard try await server.waitForHit(startingWith: "/slow", timeout: .seconds(2)) else { return true }
        return try await server.waitForHit(startingWith: "/slow", closedEarly: true, timeout: .seconds(14))
    }

    /// Waits until the server received the `/slow` request, so that the cancel finds it on the wire.
    private func serverReceivedTheRequest(_ server: LoopbackServer) async throws -> Bool {
        try await server.waitForHit(startingWith: "/slow", timeout: .seconds(5))
    }

    @Test func aTaskCancelled50msIntoA15sFetchEndsCancelledWithin100msAndTheServerSeesTheConnectionClosed()
        async throws
    {
        try await LoopbackServer.run { server in
            let logger = RecordingLogger()
            let mediator = mediator(logger: logger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/slow?seconds=15"))
            let clock = ContinuousClock()
            let load = Task { () -> (MediationError?, ContinuousClock.Instant) in
                do throws(MediationFailure) {
                    _ = try await mediator.loadNativeAd(adUnitID: "slow-unit", from: source)
                    return (nil, clock.now)
                } catch {
                    return (error.error, clock.now)
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            let cancelledAt = clock.now
            load.cancel()
            let (error, endedAt) = await load.value
            #expect(error == .cancelled)
            #expect(cancelledAt.duration(to: endedAt) < Self.promptBound)
            #expect(try await serverSawTheConnectionClosed(server))
            #expect(!logger.entries.contains { $0.level >= .warning })
            #expect(logger.entries.contains { $0.level == .info && $0.message.contains("cancelled") })
        }
    }

    @Test func theCompletionHandlerTwinsHandleCancelsTheFetch() async throws {
        try await LoopbackServer.run { server in
            let logger = RecordingLogger()
            let mediator = mediator(logger: logger)
            let source = try HTTPAdResponseSource(endpoint: server.url("/slow?seconds=15"))
            let outcome = AsyncStream<Result<NativeAd, MediationFailure>>.makeStream()
            let run = mediator.loadNativeAd(adUnitID: "slow-unit", from: source, delivery: .immediate) { result in
                outcome.continuation.yield(result)
                outcome.continuation.finish()
            }
            #expect(!run.isFinished)
            #expect(try await serverReceivedTheRequest(server))
            let clock = ContinuousClock()
            let start = clock.now
            run.cancel()
            var results: [Result<NativeAd, MediationFailure>] = []
            for await result in outcome.stream { results.append(result) }
            #expect(start.duration(to: clock.now) < Self.promptBound)
            #expect(results.count == 1)
            #expect(results.first?.failure?.error == .cancelled)
            #expect(results.first?.failure?.trace.outcome == "cancelled")
            #expect(run.isFinished)
            #expect(try await serverSawTheConnectionClosed(server))
            #expect(!logger.entries.contains { $0.level >= .warning })
        }
    }

    @Test func cancellingTheSourcesAsyncFetchThrowsCancelled() async throws {
        try await LoopbackServer.run { server in
            let source = try HTTPAdResponseSource(endpoint: server.url("/slow?seconds=15"))
            let fetch = Task { () -> MediationError? in
                do throws(MediationError) {
                    _ = try await source.fetchAdResponse(forAdUnit: "u", privacy: .unrestricted, targeting: .none)
                    return nil
                } catch {
                    return error
                }
            }
            try await Task.sleep(for: .milliseconds(50))
            fetch.cancel()
            #expect(await fetch.value == .cancelled)
            #expect(try await serverSawTheConnectionClosed(server))
        }
    }

    @Test func theStartFetchHandleCancelsAPageFetch() async throws {
        try await LoopbackServer.run { server in
            let source = try HTTPAdResponseSource(endpoint: server.url("/ad/page1"))
            let outcome = AsyncStream<Result<AdResponse, MediationError>>.makeStream()
            let fetch = source.startFetch(from: server.url("/slow?seconds=15")) { result in
                outcome.continuation.yield(result)
                outcome.continuation.finish()
            }
            fetch.cancel()
            #expect(fetch.isCancelled)
            var results: [Result<AdResponse, MediationError>] = []
            for await result in outcome.stream { results.append(result) }
            #expect(results.count == 1)
            #expect(results.first?.failure == .cancelled)
        }
    }
}
