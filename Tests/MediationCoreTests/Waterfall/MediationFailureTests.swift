import Foundation
import MediationCore
import MediationTesting
import Testing

@Suite struct MediationFailureTests {
    private let googleError = MediationError.networkError(
        NetworkErrorInfo(domain: "com.google.admob", code: 3, message: "No ad to show"))

    private func response(_ lines: [(String, String)]) -> AdResponse {
        AdResponse(lines: lines.map { WaterfallLine(customEventIdentifier: $0.0, networkName: $0.1) })
    }

    @Test func summarisesEachLinesCause() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "MT": .fail(.noFill), "G": .fail(googleError), "TA": .fail(.timeout),
        ])
        do {
            _ = try await mediator.loadNativeAd(
                from: response([("MT", "myTarget"), ("G", "Google"), ("TA", "TAMedia")]))
            Issue.record("expected a failure")
        } catch {
            #expect(error.error == .noFill)
            #expect(
                error.description
                    == "no fill after 3 lines: myTarget no_fill, Google network_error (com.google.admob 3: No ad to show), "
                    + "TAMedia timed out")
            #expect(error.localizedDescription == error.description)
            #expect(error.trace.lineCauses.count == 3)
        }
    }

    @Test func namesConfigurationProblemsOfLines() async throws {
        let harness = WaterfallHarness()
        let mediator = try harness.mediator([
            "MT": .fail(.missingRequiredInfo(key: "slotId")), "G": .fail(.noFill),
        ])
        do {
            _ = try await mediator.loadNativeAd(
                from: response([("MT", "myTarget"), ("Missing", "Acme"), ("G", "Google")]))
            Issue.record("expected a failure")
        } catch {
            #expect(error.description.hasPrefix("no fill after 3 lines: "))
            #expect(
                error.description.contains(
                    "myTarget missing_required_info (missing required custom event info 'slotId')"))
            #expect(error.description.contains("Acme missing_adapter ("))
            #expect(error.description.hasSuffix("Google no_fill"))
        }
    }

    @Test func anEmptyResponseSaysSo() async throws {
        let mediator = try WaterfallHarness().mediator([:])
        do {
            _ = try await mediator.loadNativeAd(from: AdResponse(lines: []))
            Issue.record("expected a failure")
        } catch {
            #expect(error.description == "no fill: the ad response had no lines")
        }
    }

    @Test func droppedCallbacksAreNotCauses() {
        let trace = MediationTrace(
            entries: [
                MediationTraceEntry(
                    line: 0, customEvent: "A", network: "A", start: .zero, duration: .zero, result: .noFill),
                MediationTraceEntry(
                    line: 0, customEvent: "A", network: "A", start: .zero, duration: nil, result: .duplicateCallback),
            ], outcome: "no_fill")
        #expect(MediationFailure(error: .noFill, trace: trace).description == "no fill after 1 line: A no_fill")
    }

    @Test func jsonLoadDeliversParseProblemsAsAFailureWithPaths() async throws {
        let mediator = try WaterfallHarness().mediator(["A": Fixture.fill("A")])
        let json =
            #"{"ad-responses": [{"metadata": {"x-adtype": "custom", "x-ad-timeout-ms": "soon"}}], "x-next-url": 5}"#
        do {
            _ = try await mediator.loadNativeAd(fromJSON: Data(json.utf8))
            Issue.record("expected a failure")
        } catch {
            guard case .invalidConfiguration(let path, _) = error.error else {
                Issue.record("expected invalidConfiguration, got \(error.error)")
                return
            }
            #expect(path.hasPrefix("$"))
            #expect(!error.trace.notes.isEmpty)
            #expect(error.trace.notes.allSatisfy { $0.hasPrefix("$") })
            #expect(error.trace.entries.isEmpty)
            #expect(error.description.hasPrefix("invalid ad response: $"))
        }
    }

    @Test func jsonLoadWithOnlyABadEntryFailsAsInvalidConfigurationListingTheEntry() async throws {
        let mediator = try WaterfallHarness().mediator(["A": Fixture.fill("A")])
        let json = #"{"ad-responses": [{"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": "soon"}}]}"#
        do {
            _ = try await mediator.loadNativeAd(fromJSON: Data(json.utf8))
            Issue.record("expected a failure")
        } catch {
            #expect(error.error.code == "invalid_configuration")
            #expect(
                error.error.description.hasPrefix("$.ad-responses[0]: every ad-response entry is invalid (1 invalid"))
            #expect(error.trace.droppedEntries.first?.errors.first?.description.hasPrefix("$.ad-responses[0]") == true)
        }
    }

    @Test func jsonLoadRunsAValidResponse() async throws {
        let mediator = try WaterfallHarness().mediator(["A": Fixture.fill("A")])
        let json = #"{"ad-responses": [{"metadata": {"x-adtype": "custom", "x-custom-event-class-name": "A"}}]}"#
        let ad = try await mediator.loadNativeAd(fromJSON: Data(json.utf8))
        #expect(ad.properties.text(.title) == "A")
    }

    @Test func notJSONAtAllIsAFailureToo() async throws {
        let mediator = try WaterfallHarness().mediator([:])
        do {
            _ = try await mediator.loadNativeAd(fromJSON: Data("not json".utf8))
            Issue.record("expected a failure")
        } catch {
            #expect(error.error.code == "invalid_configuration")
            #expect(error.description.hasPrefix("invalid ad response: "))
        }
    }
}
