import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@Suite("myTarget sandbox content")
struct MyTargetSandboxContentTests {
    @Test("sample banners are the same for the same seed and differ across seeds")
    func deterministicSamples() {
        let first = MyTargetSandboxContent.sampleBanners(count: 12, seed: 7)
        #expect(first == MyTargetSandboxContent.sampleBanners(count: 12, seed: 7))
        #expect(first != MyTargetSandboxContent.sampleBanners(count: 12, seed: 8))
        #expect(first.count == 12)
        #expect(Set(first.map(\.navigationType)) == [.store, .web], "a mix of store and web ads")
    }

    @Test("seeded sandboxes answer the same for the same seed")
    func deterministicScripts() {
        let slots: [UInt] = Array(1...30)
        let first = MyTargetSandbox.seeded(seed: 42, slots: slots)
        let second = MyTargetSandbox.seeded(seed: 42, slots: slots)
        let other = MyTargetSandbox.seeded(seed: 43, slots: slots)
        #expect(slots.map(first.script(forSlot:)) == slots.map(second.script(forSlot:)))
        #expect(slots.map(first.script(forSlot:)) != slots.map(other.script(forSlot:)))
        let responses = slots.map { first.script(forSlot: $0).response }
        #expect(responses.contains { if case .fill = $0 { true } else { false } })
    }

    @Test("every sample banner maps into a valid unified ad")
    func samplesMap() throws {
        for banner in MyTargetSandboxContent.sampleBanners(count: 50, seed: 1) {
            let properties = try MyTargetNativeBannerPropertyMapper.properties(
                for: banner, adChoicesPlacement: .topRight)
            #expect(properties.missingKeys(of: MyTargetNativeBannerPropertyMapper.requiredKeys).isEmpty)
        }
    }

    @Test("a seeded sandbox serves ads through the custom event, deterministically")
    func seededEndToEnd() throws {
        func run() throws -> [String?] {
            let clock = ManualClock()
            let slots: [UInt] = Array(1...10)
            let sandbox = MyTargetSandbox.seeded(seed: 5, slots: slots, clock: MediationClock(clock))
            let delegates = slots.map { slot in
                let delegate = RecordingCustomEventDelegate()
                let customEvent = MyTargetNativeBannerCustomEvent(
                    factory: sandbox, viewRegistry: MyTargetViewRegistry())
                customEvent.requestAd(
                    info: ["slotId": .number(Double(slot))], adMarkup: nil,
                    context: NativeAdRequestContext(
                        delegate: delegate, clock: MediationClock(clock), trackerPinger: DiscardingTrackerPinger(),
                        source: MyTargetHarness.source))
                return (customEvent, delegate)
            }
            clock.runUntilIdle()
            return delegates.map { _, delegate in
                #expect(delegate.outcomes.count == 1)
                return delegate.loadedAd?.properties.text(.title) ?? delegate.error?.code
            }
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.contains { $0?.contains(" ") == true }, "some slots fill")
    }
}
