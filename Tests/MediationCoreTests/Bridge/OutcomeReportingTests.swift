import MediationCore
import MediationTesting
import Testing

@Suite struct OutcomeReportingTests {
    @Test func networkLoadFailureMapsNoFillAndKeepsEverythingElse() {
        let info = NetworkErrorInfo(domain: "com.example.sdk", code: 3, message: "no ad")
        #expect(MediationError.networkLoadFailure(info, isNoFill: true) == .noFill)
        #expect(MediationError.networkLoadFailure(info, isNoFill: false) == .networkError(info))
    }

    @Test func reportDeliversTheOutcomeAndLogsIt() {
        let delegate = RecordingCustomEventDelegate()
        let logger = RecordingLogger()
        let context = NativeAdRequestContext(
            delegate: delegate, logger: logger, trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
        let event = ScriptedCustomEvent(identifier: "Acme", script: .never)
        context.report(.failure(.timeout), from: event)
        #expect(delegate.outcomes.count == 1)
        #expect(delegate.error == .timeout)
        #expect(logger.entries.map(\.message) == ["Acme: failed: timed out"])
        #expect(logger.entries.first?.metadata == ["code": "timeout"])
    }
}
