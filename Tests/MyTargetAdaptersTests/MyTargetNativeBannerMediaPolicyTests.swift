import Foundation
import MediationCore
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@MainActor @Suite("myTarget native banner media policy")
struct MyTargetNativeBannerMediaPolicyTests {
    private static let latency = SandboxBehavior(latency: .milliseconds(100))
    private static let mediaFailure = MediationError(MyTargetSandbox.mediaFailureError)

    /// Requests with `info` extras and returns the SDK ad, grabbed before the answer so that it can be inspected.
    private func start(
        _ harness: MyTargetHarness, _ extra: [String: JSONValue] = [:]
    ) throws -> MyTargetSandboxNativeBannerAd {
        var info: [String: JSONValue] = ["slotId": .string("4242")]
        info.merge(extra) { _, new in new }
        harness.request(CustomEventInfo(info))
        return try #require(harness.sandbox.lastNativeBannerAd)
    }

    @Test(
        "skip: a single ad whose media fails reports a load failure after one attempt",
        arguments: [
            MyTargetSandboxMediaFailures.times(1), .always,
        ])
    func skipFailsTheLoad(failures: MyTargetSandboxMediaFailures) throws {
        let harness = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), media: .failing(failures), behavior: Self.latency))
        let sdkAd = try start(harness)
        harness.manualClock.advance(by: .milliseconds(100))
        #expect(harness.delegate.outcomes.count == 1)
        #expect(harness.delegate.error == Self.mediaFailure)
        #expect(sdkAd.mediaAttemptCount == 1)
    }

    @Test("retry N: media is tried N more times, then the load fails", arguments: [1, 2, 5])
    func retryThenFail(retries: Int) throws {
        let harness = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), media: .failing(.always), behavior: Self.latency))
        let sdkAd = try start(
            harness, ["bannerMediaRecovery": .string("retry"), "bannerMediaRetryCount": .number(Double(retries))])
        harness.manualClock.advance(by: .milliseconds(100))
        #expect(harness.delegate.error == Self.mediaFailure)
        #expect(sdkAd.mediaAttemptCount == retries + 1)
    }

    @Test("retry N recovers media that fails N times; N - 1 retries do not")
    func retryRecovers() throws {
        let recovered = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), media: .failing(.times(2)), behavior: Self.latency))
        let recoveredAd = try start(recovered, ["bannerMediaRetryCount": .number(2)])
        recovered.manualClock.advance(by: .milliseconds(100))
        let properties = try recovered.loadedAd().properties
        #expect(properties.image(.iconImage)?.isLoaded == true)
        #expect(recoveredAd.mediaAttemptCount == 3)

        let exhausted = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), media: .failing(.times(2)), behavior: Self.latency))
        let exhaustedAd = try start(exhausted, ["bannerMediaRetryCount": .number(1)])
        exhausted.manualClock.advance(by: .milliseconds(100))
        #expect(exhausted.delegate.error == Self.mediaFailure)
        #expect(exhaustedAd.mediaAttemptCount == 2)
    }

    @Test("bannerMediaTimeout cuts slow media off when it expires")
    func mediaTimeout() throws {
        let harness = MyTargetHarness(
            .fill(
                MyTargetSandboxContent.storeBanner(), media: MyTargetSandboxMedia(latency: .seconds(3)),
                behavior: Self.latency))
        let sdkAd = try start(harness, ["bannerMediaTimeout": .number(2)])
        harness.manualClock.advance(by: .milliseconds(2_099))
        #expect(harness.delegate.outcomes.isEmpty)
        harness.manualClock.advance(by: .milliseconds(1))
        #expect(harness.delegate.error == Self.mediaFailure)
        #expect(sdkAd.mediaAttemptCount == 1)
    }

    @Test("bannerMediaTimeout applies to every retry")
    func mediaTimeoutWithRetry() throws {
        let harness = MyTargetHarness(
            .fill(
                MyTargetSandboxContent.storeBanner(), media: MyTargetSandboxMedia(latency: .seconds(3)),
                behavior: Self.latency))
        let sdkAd = try start(harness, ["bannerMediaTimeout": .number(1), "bannerMediaRetryCount": .number(1)])
        harness.manualClock.advance(by: .milliseconds(1_100))
        #expect(harness.delegate.outcomes.isEmpty)
        #expect(sdkAd.mediaAttemptCount == 2)
        harness.manualClock.advance(by: .seconds(1))
        #expect(harness.delegate.error == Self.mediaFailure)
        #expect(sdkAd.mediaAttemptCount == 2)
    }

    @Test("media within the timeout loads, after its own latency")
    func mediaWithinTimeout() throws {
        let harness = MyTargetHarness(
            .fill(
                MyTargetSandboxContent.storeBanner(), media: MyTargetSandboxMedia(latency: .seconds(1)),
                behavior: Self.latency))
        _ = try start(harness, ["bannerMediaTimeout": .number(2)])
        harness.manualClock.advance(by: .milliseconds(1_099))
        #expect(harness.delegate.outcomes.isEmpty)
        harness.manualClock.advance(by: .milliseconds(1))
        #expect(try harness.loadedAd().properties.image(.iconImage)?.isLoaded == true)
    }

    @Test("cache policy images preloads a native banner's images like all", arguments: ["images", "all"])
    func imagesPreload(policy: String) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(["slotId": .string("4242"), "cachePolicy": .string(policy)])
        #expect(try harness.loadedAd().properties.image(.iconImage)?.isLoaded == true)
        #expect(try harness.loadedSDKAd().mediaAttemptCount == 1)

        let failing = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner(), media: .failing(.always)))
        failing.request(["slotId": .string("4242"), "cachePolicy": .string(policy)])
        #expect(failing.delegate.error == Self.mediaFailure)
    }

    @Test("cache policy none: the ad loads without media, which downloads at register time")
    func lazyMediaAtRegister() throws {
        let harness = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), media: MyTargetSandboxMedia(latency: .milliseconds(500))))
        harness.request(["slotId": .string("4242"), "cachePolicy": .string("none")])
        let ad = try harness.loadedAd()
        let adapter = try harness.loadedAdapter()
        let sdkAd = try harness.loadedSDKAd()
        let recorder = EventRecorder()
        recorder.attach(to: adapter)
        #expect(ad.properties.image(.iconImage)?.isLoaded == false, "not preloaded")
        #expect(sdkAd.mediaAttemptCount == 0)
        #expect(sdkAd.lazyMediaState == .notStarted)

        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(sdkAd.lazyMediaState == .loading)
        #expect(recorder.events.isEmpty)
        harness.manualClock.advance(by: .milliseconds(500))
        #expect(recorder.events == [.iconLoaded, .adChoicesIconLoaded])
        #expect(sdkAd.lazyMediaState == .loaded)
        #expect(sdkAd.banner?.icon?.isLoaded == true)
        #expect(harness.logger.contains("iconLoaded", level: .info))
    }

    @Test("cache policy none without AdChoices reports only the icon")
    func lazyMediaWithoutAdChoices() throws {
        var banner = MyTargetSandboxContent.webBanner()
        banner.hasAdChoices = false
        let harness = MyTargetHarness(.fill(banner))
        harness.request(["slotId": .string("4242"), "cachePolicy": .string("none")])
        let recorder = EventRecorder()
        recorder.attach(to: try harness.loadedAdapter())
        try harness.loadedAd().render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(recorder.events == [.iconLoaded])
    }

    @Test(
        "lazy media failure surfaces through the media delegate after the policy gives up",
        arguments: [
            ("skip", 0, 1), ("retry", 2, 3),
        ])
    func lazyMediaFailure(recovery: String, retries: Int, attempts: Int) throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner(), media: .failing(.always)))
        var info: [String: JSONValue] = [
            "slotId": .string("4242"), "cachePolicy": .string("none"), "bannerMediaRecovery": .string(recovery),
        ]
        if retries > 0 { info["bannerMediaRetryCount"] = .number(Double(retries)) }
        harness.request(CustomEventInfo(info))
        let ad = try harness.loadedAd()
        let recorder = EventRecorder()
        recorder.attach(to: try harness.loadedAdapter())
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(recorder.events == [.mediaLoadFailed])
        #expect(try harness.loadedSDKAd().mediaAttemptCount == attempts)
        #expect(try harness.loadedSDKAd().lazyMediaState == .failed)
        #expect(harness.logger.contains("mediaLoadFailed", level: .warning))
        #expect(harness.delegate.error == nil, "the load itself succeeded")
    }

    @Test("lazy media recovers with retries")
    func lazyMediaRetry() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner(), media: .failing(.times(1))))
        harness.request([
            "slotId": .string("4242"), "cachePolicy": .string("none"), "bannerMediaRetryCount": .number(1),
        ])
        let recorder = EventRecorder()
        recorder.attach(to: try harness.loadedAdapter())
        try harness.loadedAd().render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(recorder.events == [.iconLoaded, .adChoicesIconLoaded])
        #expect(try harness.loadedSDKAd().mediaAttemptCount == 2)
    }

    @Test("lazy media honours bannerMediaTimeout")
    func lazyMediaTimeout() throws {
        let harness = MyTargetHarness(
            .fill(MyTargetSandboxContent.storeBanner(), media: MyTargetSandboxMedia(latency: .seconds(3))))
        harness.request(["slotId": .string("4242"), "cachePolicy": .string("none"), "bannerMediaTimeout": .number(1)])
        let recorder = EventRecorder()
        recorder.attach(to: try harness.loadedAdapter())
        try harness.loadedAd().render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        harness.manualClock.advance(by: .milliseconds(999))
        #expect(recorder.events.isEmpty)
        harness.manualClock.advance(by: .milliseconds(1))
        #expect(recorder.events == [.mediaLoadFailed])
    }

    @Test("lazy media downloads once, on the first register")
    func lazyMediaOnce() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(["slotId": .string("4242"), "cachePolicy": .string("none")])
        let ad = try harness.loadedAd()
        let recorder = EventRecorder()
        recorder.attach(to: try harness.loadedAdapter())
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(recorder.events == [.iconLoaded, .adChoicesIconLoaded])
        #expect(try harness.loadedSDKAd().mediaAttemptCount == 1)
    }
}
