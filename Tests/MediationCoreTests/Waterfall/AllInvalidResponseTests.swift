import Foundation
import MediationCore
import MediationTesting
import Testing

/// A response whose entries are all invalid is the server's bug, reported as `invalidConfiguration` naming the
/// first invalid entry and the count; a response with no entries at all is a real no-fill.
@Suite struct AllInvalidResponseTests {
    private func mediate(_ json: String) async throws -> MediationRunResult {
        let mediator = Mediator(
            registry: MediationRegistry(),
            configuration: MediatorConfiguration(
                trackerPinger: RecordingTrackerPinger(), imagePrecacher: NoImagePrecaching()))
        return await mediator.mediate(try AdResponse.parse(json: Data(json.utf8)))
    }

    @Test func everyEntryInvalidIsInvalidConfigurationNamingTheFirstPathAndTheCount() async throws {
        let result = try await mediate(
            #"""
            {"ad-responses": [
              {"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": "soon"}},
              {"metadata": {"x-custom-event-class-name": "B", "x-ecpm": "0x10"}}
            ]}
            """#)
        guard case .failure(let error) = result.outcome,
            case .invalidConfiguration(let path, let reason) = error
        else {
            Issue.record("expected invalidConfiguration, got \(result.outcome)")
            return
        }
        #expect(path == "$.ad-responses[0]")
        #expect(
            reason
                == "every ad-response entry is invalid (2 invalid entries), so no line could run; the first: "
                + #"$.ad-responses[0].metadata.x-ad-timeout-ms: expected a non-negative integer, got "soon""#)
        #expect(result.trace.outcome == "invalid_configuration")
        #expect(error.errorCode == 3)
    }

    @Test func noEntriesAtAllStaysNoFill() async throws {
        let result = try await mediate(#"{"ad-responses": []}"#)
        #expect(result.outcome.failure == .noFill)
    }

    @Test func aWarmupEntryNextToAnInvalidOneStaysNoFill() async throws {
        let result = try await mediate(
            #"""
            {"ad-responses": [
              {"metadata": {"x-custom-event-class-name": "A", "x-ad-timeout-ms": "soon"}},
              {"metadata": {"x-adtype": "clear"}}
            ]}
            """#)
        #expect(result.outcome.failure == .noFill)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
