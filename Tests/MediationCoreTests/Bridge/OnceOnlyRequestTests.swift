import Dispatch
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct OnceOnlyRequestTests {
    private typealias NativeRequest = OnceOnlyRequest<NativeAdRequestContext, String>

    private struct Harness {
        let delegate = RecordingCustomEventDelegate()
        let logger = RecordingLogger()
        let event = ScriptedCustomEvent(identifier: "Acme", script: .never)
        let request = NativeRequest()

        var context: NativeAdRequestContext {
            NativeAdRequestContext(
                delegate: delegate, logger: logger, trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
        }

        func begin() -> Bool { request.begin(event, context: context) }

        func ad() -> NativeAd {
            context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: NativeAdProperties()))
        }
    }

    @Test func theFirstOutcomeIsReportedThroughTheContextAndLaterOnesAreDropped() {
        let harness = Harness()
        #expect(harness.begin())
        #expect(harness.request.finish(.failure(.noFill), from: harness.event))
        #expect(!harness.request.finish(.failure(.timeout), from: harness.event))
        #expect(!harness.request.finish(.success(harness.ad()), from: harness.event))
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == .noFill)
        #expect(harness.logger.entries.map(\.message) == ["Acme: failed: no fill"], "reported through context.report")
        #expect(harness.request.phase == .finished)
    }

    @Test func nothingIsReportedBeforeTheRequestBegins() {
        let harness = Harness()
        #expect(!harness.request.finish(.failure(.noFill), from: harness.event))
        #expect(harness.request.claim() == nil)
        #expect(!harness.request.hold("loader"))
        #expect(harness.delegate.outcomes.isEmpty)
    }

    @Test func exactlyOneOfManyConcurrentOutcomesIsReported() {
        for _ in 0..<20 {
            let harness = Harness()
            #expect(harness.begin())
            let reported = Locked(0)
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                let outcome: Result<NativeAd, MediationError> =
                    index.isMultiple(of: 2) ? .failure(.noFill) : .success(harness.ad())
                if index.isMultiple(of: 3) {
                    guard harness.request.claim() != nil else { return }
                    if harness.request.finishClaimed(outcome, from: harness.event) { reported.withLock { $0 += 1 } }
                } else if harness.request.finish(outcome, from: harness.event) {
                    reported.withLock { $0 += 1 }
                }
            }
            #expect(reported.current == 1)
            #expect(harness.delegate.outcomes.count == 1)
        }
    }

    @Test func aClaimedAnswerIsNotOvertakenByAPlainOne() {
        let harness = Harness()
        #expect(harness.begin())
        #expect(harness.request.claim() != nil)
        #expect(harness.request.claim() == nil, "one claim")
        #expect(!harness.request.finish(.failure(.noFill), from: harness.event), "a late error while preparing")
        #expect(harness.request.finishClaimed(.success(harness.ad()), from: harness.event))
        #expect(harness.delegate.loadedAd != nil)
        #expect(harness.delegate.outcomes.count == 1)
    }

    @Test func anUnclaimedRequestCannotFinishAsClaimed() {
        let harness = Harness()
        #expect(harness.begin())
        #expect(!harness.request.finishClaimed(.failure(.noFill), from: harness.event))
        #expect(harness.request.phase == .loading)
    }

    @Test func stopSilencesTheRequestAndHandsBackTheResource() {
        let harness = Harness()
        #expect(harness.begin())
        #expect(harness.request.hold("loader"))
        #expect(harness.request.resource == "loader")
        #expect(harness.request.stop() == "loader")
        #expect(harness.request.resource == nil)
        #expect(harness.request.phase == .stopped)
        #expect(!harness.request.hold("late loader"), "the caller cancels what arrives after the stop")
        #expect(harness.request.claim() == nil)
        #expect(!harness.request.finish(.failure(.noFill), from: harness.event))
        #expect(!harness.request.finishClaimed(.failure(.noFill), from: harness.event))
        #expect(harness.delegate.outcomes.isEmpty)
    }

    @Test func stopWhilePreparingDropsThePreparedOutcome() {
        let harness = Harness()
        #expect(harness.begin())
        #expect(harness.request.claim() != nil)
        harness.request.stop()
        #expect(!harness.request.finishClaimed(.success(harness.ad()), from: harness.event))
        #expect(harness.delegate.outcomes.isEmpty)
    }

    @Test func stopAfterTheOutcomeKeepsItFinished() {
        let harness = Harness()
        #expect(harness.begin())
        #expect(harness.request.hold("loader"))
        #expect(harness.request.finish(.failure(.noFill), from: harness.event))
        #expect(harness.request.resource == nil, "the outcome releases the loader")
        #expect(harness.request.stop() == nil)
        #expect(harness.request.phase == .finished)
    }

    @Test func aSecondRequestIsIgnoredAndLoggedAndTheFirstGoesOn() {
        let harness = Harness()
        #expect(harness.begin())
        let second = RecordingCustomEventDelegate()
        let secondLogger = RecordingLogger()
        let secondContext = NativeAdRequestContext(
            delegate: second, logger: secondLogger, trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
        #expect(!harness.request.begin(harness.event, context: secondContext))
        #expect(second.outcomes.isEmpty, "a second request reports nothing")
        #expect(secondLogger.entries.map(\.message) == ["Acme: requestAd called again or after stop; ignored"])
        #expect(secondLogger.entries.first?.level == .warning)
        #expect(harness.request.finish(.failure(.noFill), from: harness.event))
        #expect(harness.delegate.outcomes.count == 1, "the first request's reporter is kept")
        #expect(second.outcomes.isEmpty)
    }

    @Test func aRequestAfterStopIsIgnored() {
        let harness = Harness()
        harness.request.stop()
        #expect(!harness.begin())
        #expect(harness.logger.entries.first?.level == .warning)
        #expect(!harness.request.finish(.failure(.noFill), from: harness.event))
        #expect(harness.delegate.outcomes.isEmpty)
    }
}

@Suite struct InstreamOnceOnlyRequestTests {
    private typealias InstreamRequest = OnceOnlyRequest<any InstreamCustomEventDelegate, String>

    @Test func theLoadReportsOnceAndKeepsTheAdToPlay() {
        let delegate = RecordingInstreamCustomEventDelegate()
        let request = InstreamRequest()
        #expect(request.eventDelegate == nil, "no events before the load's outcome")
        #expect(request.begin(delegate: delegate))
        #expect(request.hold("ad"))
        #expect(request.finishLoading(availableMidpoints: [5]))
        #expect(!request.failLoading(reason: "late"))
        #expect(!request.finishLoading(availableMidpoints: []))
        #expect(delegate.calls == ["didLoad [5.0]"])
        #expect(request.resource == "ad", "the ad stays held to play")
        #expect(request.eventDelegate != nil)
    }

    @Test func concurrentLoadOutcomesReportOnce() {
        for _ in 0..<20 {
            let delegate = RecordingInstreamCustomEventDelegate()
            let request = InstreamRequest()
            #expect(request.begin(delegate: delegate))
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                if index.isMultiple(of: 2) {
                    request.finishLoading(availableMidpoints: [])
                } else {
                    request.failLoading(reason: "no ad")
                }
            }
            #expect(delegate.calls.count == 1)
        }
    }

    @Test func cancelSilencesTheLoadAndItsEvents() {
        let delegate = RecordingInstreamCustomEventDelegate()
        let request = InstreamRequest()
        #expect(request.begin(delegate: delegate))
        #expect(request.hold("ad"))
        #expect(request.stop() == "ad")
        #expect(!request.finishLoading(availableMidpoints: []))
        #expect(request.eventDelegate == nil)
        #expect(!request.begin(delegate: delegate), "a second load is ignored")
        #expect(delegate.calls.isEmpty)
    }

    @Test func aSecondLoadIsIgnoredAndTheFirstGoesOn() {
        let first = RecordingInstreamCustomEventDelegate()
        let second = RecordingInstreamCustomEventDelegate()
        let request = InstreamRequest()
        #expect(request.begin(delegate: first))
        #expect(!request.begin(delegate: second))
        #expect(request.failLoading(reason: "no ad"))
        #expect(first.calls == ["didFailToLoad no ad"])
        #expect(second.calls.isEmpty)
    }
}

/// Records the load outcomes an in-stream custom event reports.
private final class RecordingInstreamCustomEventDelegate: InstreamCustomEventDelegate {
    private let recorded = Locked<[String]>([])

    var calls: [String] { recorded.current }

    func customEventDidLoad(availableMidpoints: [Double]) {
        recorded.withLock { $0.append("didLoad \(availableMidpoints)") }
    }
    func customEventDidFailToLoad(reason: String) { recorded.withLock { $0.append("didFailToLoad \(reason)") } }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) {}
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {}
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) {}
    func customEventDidFail(reason: String) {}
    func customEventSectionDidComplete(_ section: InstreamAdSection) {}
    func customEventWillPresentModal() {}
    func customEventDidDismissModal() {}
    func customEventWillLeaveApplication() {}
}
