import Foundation
import MediationCore
import Testing

@Suite struct MediationErrorBridgingTests {
    @Test func localizedDescriptionIsTheOneLineDescription() {
        let error = MediationError.invalidConfiguration(path: "$.ad-responses[0]", reason: "no metadata")
        #expect(error.localizedDescription == "$.ad-responses[0]: no metadata")
        #expect(!error.localizedDescription.contains("could not be completed"))
        #expect(MediationError.noFill.localizedDescription == "no fill")
    }

    @Test func bridgesToNSErrorWithAStableDomainCodeAndUserInfo() {
        let error = MediationError.networkError(NetworkErrorInfo(domain: "com.acme", code: 3, message: "No ad"))
        let bridged = error as NSError
        #expect(bridged.domain == "MediationKit.MediationError")
        #expect(bridged.code == 7)
        #expect(bridged.userInfo[NSLocalizedDescriptionKey] as? String == "network error com.acme 3: No ad")
        #expect(bridged.userInfo[MediationError.codeUserInfoKey] as? String == "network_error")
        #expect((MediationError.timeout as NSError).code == 2)
        #expect(MediationError.rateLimited(until: MediationInstant(sinceOrigin: .zero)).recoverySuggestion != nil)
    }

    @Test func everyErrorHasItsOwnNumericCode() {
        let errors: [MediationError] = [
            .noFill, .timeout, .invalidConfiguration(path: "p", reason: "r"), .missingRequiredInfo(key: "k"),
            .missingRequiredAssets([.title]), .missingAdapter(identifier: "X"),
            .networkError(NetworkErrorInfo(domain: "d", code: 1, message: "m")),
            .rateLimited(until: MediationInstant(sinceOrigin: .zero)), .adExpired, .cancelled,
            .imageDownloadFailed(url: nil), .invalidBidMarkup(path: "$", reason: "r"),
        ]
        let codes = errors.map(\.errorCode)
        #expect(!codes.contains(0))
        #expect(Set(codes).count == errors.count)
    }

    @Test func failureBridgesWithTheSummaryTheUnderlyingErrorAndTheTrace() {
        let trace = MediationTrace(
            entries: [
                MediationTraceEntry(
                    line: 0, customEvent: "A", network: "myTarget", start: .zero, duration: .zero, result: .noFill,
                    errorCode: "no_fill")
            ], outcome: "no_fill")
        let failure = MediationFailure(error: .noFill, trace: trace)
        let bridged = failure as NSError
        #expect(failure.localizedDescription == "no fill after 1 line: myTarget no_fill")
        #expect(bridged.domain == "MediationKit.MediationFailure")
        #expect(bridged.code == MediationError.noFill.errorCode)
        #expect(bridged.userInfo[NSLocalizedFailureReasonErrorKey] as? String == "no fill")
        #expect((bridged.userInfo[NSUnderlyingErrorKey] as? NSError)?.domain == "MediationKit.MediationError")
        #expect((bridged.userInfo[MediationFailure.traceUserInfoKey] as? String)?.contains("myTarget") == true)
    }
}
