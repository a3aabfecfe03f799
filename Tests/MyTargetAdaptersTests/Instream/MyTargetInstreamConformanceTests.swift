import Foundation
import MediationConformance
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import SandboxConformanceSubjects
import Testing

@Suite("In-stream conformance of the myTarget adapters")
struct MyTargetInstreamConformanceTests {
    @Test func videoPassesEveryCheckStrictly() {
        let report = InstreamConformanceKit.run(.myTargetInstreamVideo, strict: true)
        #expect(report.passed, "\(report.table)")
        #expect(report.results.count == InstreamConformanceCheck.allCases.count)
        // Declared without companions on video: checked (the banners carry none), not skipped.
        #expect(report.results.first { $0.check == .companionTrackersOnce }?.status == .passed)
    }

    @Test func audioPassesEveryCheckStrictly() {
        let report = InstreamConformanceKit.run(.myTargetInstreamAudio, strict: true)
        #expect(report.passed, "\(report.table)")
        #expect(!report.results.contains { $0.status == .skipped })
    }

    @Test func aBrokenAdapterIsCaughtByName() {
        let subject = InstreamConformanceSubject(
            name: "broken audio", customEventIdentifier: "BrokenInstreamAudio", format: .audio,
            info: ["slotId": .string("1")]
        ) { script, clock in
            let factory = MyTargetSandboxInstreamFactory(clock: clock, videoScript: script, audioScript: script)
            return .init(customEvent: BrokenInstreamCustomEvent(MyTargetInstreamAudioCustomEvent(factory: factory))) {
                factory.audioAds.first?.networkCalls ?? []
            }
        }
        let report = InstreamConformanceKit.run(subject)
        #expect(report.failedChecks == [.sectionCompleteAfterError, .companionTrackersOnce], "\(report.table)")
        #expect(report.table.contains("instream_section_complete_after_error  FAIL"))
    }
}

/// Forgets section complete after an error and reports every companion show and click twice.
final class BrokenInstreamCustomEvent: InstreamCustomEvent {
    private let wrapped: any InstreamCustomEvent

    init(_ wrapped: any InstreamCustomEvent) {
        self.wrapped = wrapped
    }

    func load(_ request: InstreamAdRequest, delegate: any InstreamCustomEventDelegate) {
        wrapped.load(request, delegate: ForgetfulDelegate(delegate))
    }
    func cancel() { wrapped.cancel() }
    func start(_ section: InstreamAdSection, midpoint: Double?) { wrapped.start(section, midpoint: midpoint) }
    func pause() { wrapped.pause() }
    func resume() { wrapped.resume() }
    func stop() { wrapped.stop() }
    func skip() { wrapped.skip() }
    func skipBanner() { wrapped.skipBanner() }
    func setVolume(_ volume: Double) { wrapped.setVolume(volume) }
    func trackClick() { wrapped.trackClick() }
    func trackCompanionShow(_ companion: InstreamCompanionBanner) {
        wrapped.trackCompanionShow(companion)
        wrapped.trackCompanionShow(companion)
    }
    func trackCompanionClick(_ companion: InstreamCompanionBanner) {
        wrapped.trackCompanionClick(companion)
        wrapped.trackCompanionClick(companion)
    }
}

final class ForgetfulDelegate: InstreamCustomEventDelegate {
    private let wrapped: any InstreamCustomEventDelegate
    private let failed = Locked(false)

    init(_ wrapped: any InstreamCustomEventDelegate) {
        self.wrapped = wrapped
    }

    func customEventDidLoad(availableMidpoints: [Double]) {
        wrapped.customEventDidLoad(availableMidpoints: availableMidpoints)
    }
    func customEventDidFailToLoad(reason: String) { wrapped.customEventDidFailToLoad(reason: reason) }
    func customEventDidFailToLoad(error: MediationError) { wrapped.customEventDidFailToLoad(error: error) }
    func customEventBannerDidStart(_ banner: InstreamAdBanner) { wrapped.customEventBannerDidStart(banner) }
    func customEventBannerTimeLeftDidChange(timeLeft: Double, duration: Double) {
        wrapped.customEventBannerTimeLeftDidChange(timeLeft: timeLeft, duration: duration)
    }
    func customEventBannerDidComplete(_ banner: InstreamAdBanner) { wrapped.customEventBannerDidComplete(banner) }
    func customEventDidFail(reason: String) {
        failed.withLock { $0 = true }
        wrapped.customEventDidFail(reason: reason)
    }
    func customEventSectionDidComplete(_ section: InstreamAdSection) {
        guard !failed.current else { return }
        wrapped.customEventSectionDidComplete(section)
    }
    func customEventWillPresentModal() { wrapped.customEventWillPresentModal() }
    func customEventDidDismissModal() { wrapped.customEventDidDismissModal() }
    func customEventWillLeaveApplication() { wrapped.customEventWillLeaveApplication() }
}
