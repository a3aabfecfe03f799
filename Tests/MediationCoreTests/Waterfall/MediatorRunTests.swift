import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

/// The per-line rules of a sequential run, on a manual clock.
@MainActor @Suite struct MediatorRunTests {
    @Test func theTimeoutFiresAtExactlyTheConfiguredTime() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never, "B": Fixture.fill("B")])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: .milliseconds(2500)),
            WaterfallLine(customEventIdentifier: "B"),
        ])
        let run = mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .milliseconds(2499))
        #expect(recorder.results.isEmpty)
        #expect(run.trace.results == [.loading])
        #expect(harness.events("B").isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        #expect(Fixture.title(recorder.single) == "B")
        #expect(recorder.deliveredAt == .milliseconds(2500))
        #expect(recorder.single?.trace.results == [.timeout, .loaded])
        #expect(recorder.single?.trace.entries.first?.duration == .milliseconds(2500))
        #expect(recorder.single?.trace.entries.last?.start == .milliseconds(2500))
        #expect(harness.event("A")?.stopCount == 1)
    }

    @Test func theDefaultTimeoutIsTenSeconds() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": .never])
        let recorder = RunRecorder(harness.clock)
        let response = try AdResponse.parse(
            json: Data(#"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A"}}]}"#.utf8))
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.advance(by: .milliseconds(9999))
        #expect(recorder.results.isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        #expect(recorder.single?.error == .noFill)
        #expect(recorder.single?.trace.results == [.timeout])
    }

    @Test func aTimeoutOfZeroNeverTimesOut() throws {
        let harness = WaterfallHarness()
        // The run deadline (RunLimitsTests) is what bounds such a line; without one, nothing else does.
        let mediator = try harness.mediator(
            ["A": Fixture.fill("A", after: 3_600_000), "B": Fixture.fill("B")],
            limits: MediationRunLimits(runDeadline: nil))
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(lines: [
            WaterfallLine(customEventIdentifier: "A", timeout: nil), WaterfallLine(customEventIdentifier: "B"),
        ])
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        #expect(harness.clock.pendingCount == 1, "only the scripted answer is scheduled: no timeout timer")
        harness.clock.advance(by: .seconds(3599))
        #expect(recorder.results.isEmpty)
        harness.clock.advance(by: .seconds(1))
        #expect(Fixture.title(recorder.single) == "A")
        #expect(harness.events("B").isEmpty)
    }

    @Test func twoEightSecondLinesDoNotTimeOutUnderTheDefault() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "A": .fail(.noFill, after: .seconds(8)), "B": .fill(Fixture.properties("B"), after: .seconds(8)),
        ])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(Fixture.response(["A", "B"]), delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "B")
        #expect(recorder.deliveredAt == .seconds(16))
        #expect(recorder.single?.trace.results == [.noFill, .loaded])
    }

    @Test func afterLoadURLsCarryTheDurationAndResult() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["A": Fixture.noFill(after: 120), "T": .never, "B": Fixture.fill("B", after: 80)],
            renderable: ["A", "T", "B"])
        let recorder = RunRecorder(harness.clock)
        let template = "https://t.example/%@?d=%%LOAD_DURATION_MS%%&r=%%LOAD_RESULT%%"
        func line(_ identifier: String, timeout: Int64 = 10_000) throws -> WaterfallLine {
            try Fixture.line(
                identifier, timeoutMilliseconds: timeout, before: ["before-\(identifier)"],
                after: [template.replacingOccurrences(of: "%@", with: identifier)],
                success: ["https://t.example/ok-\(identifier)"], fail: ["https://t.example/fail-\(identifier)"])
        }
        let response = AdResponse(lines: [
            try line("A"), try line("T", timeout: 700), try line("Missing"), try line("B"),
        ])
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        harness.clock.runUntilIdle()
        #expect(Fixture.title(recorder.single) == "B")
        #expect(
            harness.pinger.pinged.map(\.absoluteString) == [
                "https://track.example/before-A",
                "https://t.example/A?d=120&r=error", "https://t.example/fail-A",
                "https://track.example/before-T",
                "https://t.example/T?d=700&r=timeout", "https://t.example/fail-T",
                "https://track.example/before-Missing",
                "https://t.example/Missing?d=0&r=missing_adapter", "https://t.example/fail-Missing",
                "https://track.example/before-B",
                "https://t.example/B?d=80&r=ad_loaded", "https://t.example/ok-B",
            ])
        let pings = harness.pinger.pings
        #expect(pings.filter { $0.url.path.hasPrefix("/before-") }.allSatisfy { $0.event == .beforeLoad })
        #expect(pings.filter { !$0.url.path.hasPrefix("/before-") }.allSatisfy { $0.event == .afterLoad })
        let owners = Dictionary(grouping: pings, by: { $0.owner ?? "" })
        #expect(owners.count == 4, "each line of the run is its own owner")
        #expect(owners.values.allSatisfy { $0.count == 3 })
    }

    /// MoPub's own tests: before- and after-load events per line that ran.
    @Test(arguments: [
        (["G1", "G2", "Missing"], 1, "G1"),
        (["Missing", "G1", "G2"], 2, "G1"),
        (["Bad1", "Bad2", "G1"], 3, "G1"),
    ])
    func countsLoadEventsLikeMoPub(order: [String], expectedEvents: Int, winner: String) throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "G1": Fixture.fill("G1"), "G2": Fixture.fill("G2"),
            "Bad1": .fail(.networkError(NetworkErrorInfo(domain: "x", code: 1, message: "bad"))),
            "Bad2": Fixture.noFill(),
        ])
        let recorder = RunRecorder(harness.clock)
        let response = AdResponse(
            lines: try order.map { try Fixture.line($0, before: ["before"], after: ["https://t.example/after"]) })
        mediator.mediate(response, delivery: .immediate, completion: recorder.completion)
        #expect(Fixture.title(recorder.single) == winner)
        #expect(harness.pinger.count(of: Fixture.url("before")) == expectedEvents)
        #expect(harness.pinger.count(of: URL(string: "https://t.example/after") ?? Fixture.url("x")) == expectedEvents)
    }

    @Test func aLineWithoutRendererOrCustomEventIsMissingAdapterAndTheWaterfallContinues() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(
            ["NoRenderer": Fixture.fill("X"), "B": Fixture.fill("B")], renderable: ["B", "Unregistered"])
        let recorder = RunRecorder(harness.clock)
        mediator.mediate(
            Fixture.response(["NoRenderer", "Unregistered", "B"]), delivery: .immediate, completion: recorder.completion
        )
        let result = try #require(recorder.single)
        #expect(Fixture.title(result) == "B")
        #expect(result.trace.results == [.missingAdapter, .missingAdapter, .loaded])
        #expect(result.trace.entries.map(\.errorCode) == ["missing_adapter", "missing_adapter", nil])
        #expect(harness.events("NoRenderer").isEmpty, "the renderer is matched before the custom event is made")
    }

    @Test func theWinningAdCarriesItsRendererConfigurationAndLine() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let recorder = RunRecorder(harness.clock)
        let line = WaterfallLine(
            customEventIdentifier: "A", networkName: "Network A", price: 2.5,
            impressionTrackers: [Fixture.url("imp")], clickTrackers: [Fixture.url("click")])
        mediator.mediate(
            AdResponse(lines: [line], adUnitID: "feed"), delivery: .immediate, completion: recorder.completion)
        let ad = try #require(recorder.single?.ad)
        #expect(ad.rendererConfiguration?.supports("A") == true)
        #expect(
            ad.source
                == NativeAdSource(
                    customEventIdentifier: "A", networkName: "Network A", price: 2.5, adUnitID: "feed",
                    impressionTrackers: [Fixture.url("imp")], clickTrackers: [Fixture.url("click")]))
        ad.recordImpression()
        ad.recordClick()
        #expect(harness.pinger.pinged == [Fixture.url("imp"), Fixture.url("click")])
        let card = NativeAdCard()
        try ad.render(into: card)
        #expect(card.text(in: .title) == "A")
    }

    @Test func theCustomEventGetsItsInfoAndMarkup() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        let line = WaterfallLine(customEventIdentifier: "A", info: ["slotId": .string("42")], adMarkup: "<bid/>")
        mediator.mediate(AdResponse(lines: [line]), delivery: .immediate) { _ in }
        let request = try #require(harness.event("A")?.requests.first)
        #expect(request.info == ["slotId": .string("42")])
        #expect(request.adMarkup == "<bid/>")
    }

    @Test func whenEveryLineFailsTheFailureCarriesTheTrace() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "A": Fixture.noFill(), "B": .fail(.missingRequiredInfo(key: "slotId")),
        ])
        do {
            _ = try await mediator.loadNativeAd(from: Fixture.response(["A", "B"]))
            Issue.record("expected a failure")
        } catch {
            #expect(error.error == .noFill)
            #expect(error.trace.results == [.noFill, .error])
            #expect(error.trace.entries.last?.errorCode == "missing_required_info")
            #expect(error.trace.outcome == "no_fill")
            #expect(error.trace.winner == nil)
        }
    }

    @Test func theAsyncAndCompletionAPIsDeliverTheAd() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.noFill(), "B": Fixture.fill("B")])
        let ad = try await mediator.loadNativeAd(from: Fixture.response(["A", "B"]))
        #expect(ad.properties.text(.title) == "B")
        let result = await mediator.mediate(Fixture.response(["A", "B"]))
        #expect(result.trace.winner == 1)
        let received = Locked<[Result<NativeAd, MediationFailure>]>([])
        mediator.loadNativeAd(from: Fixture.response(["A"]), delivery: .immediate) { result in
            received.withLock { $0.append(result) }
        }
        if case .failure(let error)? = received.current.first {
            #expect(error.error == .noFill)
        } else {
            Issue.record("expected no fill")
        }
        #expect(received.current.count == 1)
    }

    @Test func runsOnTheContinuousClockByDefault() async throws {
        let harness = WaterfallHarness()
        let mediator = Mediator(
            registry: try harness.registry(["A": Fixture.noFill(), "B": Fixture.fill("B")]),
            configuration: MediatorConfiguration(
                trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        #expect(mediator.strategy == .default)
        let result = await mediator.mediate(Fixture.response(["A", "B"]))
        #expect(Fixture.title(result) == "B")
        #expect(result.trace.results == [.noFill, .loaded])
    }

    @Test func theLoggerHearsTheOutcome() throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator(["A": Fixture.fill("A")])
        mediator.mediate(Fixture.response(["A"]), delivery: .immediate) { _ in }
        #expect(harness.logger.entries.contains { $0.level == .info && $0.message.contains("won") })
    }
}
