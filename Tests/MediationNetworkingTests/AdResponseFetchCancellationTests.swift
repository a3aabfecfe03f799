import Foundation
import MediationCore
import MediationSupport
import Testing

@testable import MediationNetworking

/// A cancelled ad-response fetch completes at once, on the cancelling thread, without waiting for the HTTP layer to
/// report the cancel; whatever the HTTP layer reports later is dropped, so the fetch completes exactly once.
@Suite struct AdResponseFetchCancellationTests {
    /// The completions a fetch delivered.
    private final class Completions: Sendable {
        private let recorded = Locked<[Result<AdResponse, MediationError>]>([])

        var completion: @Sendable (Result<AdResponse, MediationError>) -> Void {
            { [recorded] result in recorded.withLock { $0.append(result) } }
        }

        var all: [Result<AdResponse, MediationError>] { recorded.current }
    }

    @Test func aCancelCompletesAtOnceEvenWhenTheHTTPLayerNeverReportsItAndALaterAnswerIsDropped() {
        let fetch = AdResponseFetch()
        let completions = Completions()
        #expect(fetch.begin(completions.completion))
        // A request whose cancel reaches no fetcher: the HTTP layer never reports anything.
        fetch.attach(HTTPFetchHandle(fetcher: nil, number: -1))
        fetch.cancel()
        #expect(completions.all.count == 1)
        #expect(completions.all.first?.failure == .cancelled)
        fetch.complete(with: .success(AdResponse(lines: [])))
        fetch.complete(with: .failure(.cancelled))
        fetch.cancel()
        #expect(completions.all.count == 1, "exactly once")
    }

    @Test func aFetchCancelledBeforeItBeginsSendsNothingAndAnAnswerFirstWinsOverALaterCancel() {
        let cancelled = AdResponseFetch()
        cancelled.cancel()
        let refused = Completions()
        #expect(!cancelled.begin(refused.completion), "nothing is to be sent")
        #expect(refused.all.isEmpty, "the caller completes it itself")

        let answered = AdResponseFetch()
        let completions = Completions()
        #expect(answered.begin(completions.completion))
        answered.complete(with: .success(AdResponse(lines: [], adUnitID: "unit")))
        answered.cancel()
        #expect(completions.all.count == 1)
        #expect((try? completions.all.first?.get())?.adUnitID == "unit")
    }
}
