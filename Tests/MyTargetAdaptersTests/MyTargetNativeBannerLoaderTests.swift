import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

@MainActor @Suite("myTarget native banner loader")
struct MyTargetNativeBannerLoaderTests {
    private nonisolated static let slot: UInt = 99

    /// A sandbox on a manual clock and the outcome of one batch load.
    private final class Run: Sendable {
        let manualClock = ManualClock()
        let sandbox: MyTargetSandbox
        let viewRegistry = MyTargetViewRegistry()
        let results = Locked<[Result<[NativeAd], MediationError>]>([])

        init(_ script: MyTargetSandboxScript) {
            sandbox = MyTargetSandbox(clock: MediationClock(manualClock))
            sandbox.setScript(script, forSlot: MyTargetNativeBannerLoaderTests.slot)
        }

        func load(
            count: Int, info extra: [String: JSONValue] = [:], privacy: PrivacySettings = .unrestricted,
            targeting: Targeting = .none
        ) throws {
            var info: [String: JSONValue] = ["slotId": .number(Double(MyTargetNativeBannerLoaderTests.slot))]
            info.merge(extra) { _, new in new }
            let loader = try MyTargetNativeBannerBatchLoader(
                count: count, info: CustomEventInfo(info), factory: sandbox, viewRegistry: viewRegistry)
            loader.load(
                source: MyTargetHarness.source, privacy: privacy, targeting: targeting,
                clock: MediationClock(manualClock)
            ) { [results] result in results.withLock { $0.append(result) } }
        }

        func ads() throws -> [NativeAd] {
            let all = results.current
            #expect(all.count == 1)
            return try #require(try all.first?.get())
        }

        func titles() throws -> [String] {
            try ads().compactMap { $0.properties.text(.title) }
        }
    }

    private static func banners(_ count: Int) -> [MyTargetSandboxBanner] {
        (0..<count).map { MyTargetSandboxBanner(MyTargetSandboxContent.storeBanner(index: $0)) }
    }

    @Test("a count outside 1...20 is an error and makes no loader", arguments: [0, 21, -1, 1_000])
    func outOfRangeCount(count: Int) {
        let run = Run(.fill(Self.banners(3)))
        #expect(
            throws: MediationError.invalidConfiguration(
                path: "count", reason: "a myTarget native banner loader takes 1...20 ads, got \(count)")
        ) {
            try run.load(count: count)
        }
        #expect(throws: MediationError.self) {
            _ = try run.sandbox.makeNativeBannerAdLoader(count: count, slotId: Self.slot)
        }
        #expect(run.sandbox.createdLoaderCount == 0)
        #expect(run.sandbox.loadRequestCount == 0)
    }

    @Test("counts 1 and 20 are accepted and cap the result", arguments: [1, 20])
    func boundaryCounts(count: Int) throws {
        let run = Run(.fill(Self.banners(25)))
        try run.load(count: count)
        #expect(try run.ads().count == count)
        #expect(try run.titles() == (0..<count).map { "Puzzle Quest \($0)" }, "in server order")
        #expect(run.sandbox.createdLoaderCount == 1)
    }

    @Test("the count is a maximum: fewer banners give fewer ads", arguments: [0, 1, 3])
    func fewerBanners(available: Int) throws {
        let run = Run(.fill(Self.banners(available)))
        try run.load(count: 20)
        #expect(try run.ads().count == available)
    }

    @Test("a missing slot ID fails before any loader is made")
    func missingSlotId() {
        let sandbox = MyTargetSandbox()
        #expect(throws: MediationError.missingRequiredInfo(key: "slotId")) {
            _ = try MyTargetNativeBannerBatchLoader(count: 5, info: [:], factory: sandbox)
        }
        #expect(sandbox.createdLoaderCount == 0)
    }

    @Test(
        "no fill and errors fail the batch",
        arguments: [
            (MyTargetSandboxScript.noFill(), MediationError.noFill),
            (
                .error(code: 1003, message: "Request timeout"),
                .networkError(
                    NetworkErrorInfo(domain: "MyTargetSDK.AdLoadingError", code: 1003, message: "Request timeout"))
            ),
        ])
    func failures(script: MyTargetSandboxScript, expected: MediationError) throws {
        let run = Run(script)
        try run.load(count: 5)
        #expect(run.results.current.count == 1)
        #expect(throws: expected) { try run.results.current.first?.get() }
    }

    @Test("skip: a banner whose media failed is skipped, the others are returned")
    func skipsFailedMedia() throws {
        var served = Self.banners(4)
        served[1].media = .failing(.always)
        served[3].media = .failing(.times(1))
        let run = Run(.fill(served))
        try run.load(count: 4)
        #expect(try run.titles() == ["Puzzle Quest 0", "Puzzle Quest 2"])
        #expect(try run.ads().allSatisfy { $0.properties.image(.iconImage)?.isLoaded == true })
        #expect(run.sandbox.loaderLoads.first?.mediaAttemptCount == 4)
    }

    @Test("retry N: a banner failing N times is kept, one failing N + 1 times is skipped")
    func retryPerBanner() throws {
        var served = Self.banners(3)
        served[0].media = .failing(.times(2))
        served[1].media = .failing(.times(3))
        let run = Run(.fill(served))
        try run.load(count: 3, info: ["bannerMediaRecovery": .string("retry"), "bannerMediaRetryCount": .number(2)])
        #expect(try run.titles() == ["Puzzle Quest 0", "Puzzle Quest 2"])
        #expect(run.sandbox.loaderLoads.first?.mediaAttemptCount == 3 + 3 + 1)
    }

    @Test("when every banner's media fails the result is empty, not an error")
    func allMediaFails() throws {
        let served = Self.banners(3).map { MyTargetSandboxBanner($0.banner, media: .failing(.always)) }
        let run = Run(.fill(served))
        try run.load(count: 3)
        #expect(try run.ads().isEmpty)
    }

    @Test("latency, media latency and timeout run on the clock")
    func timing() throws {
        var served = Self.banners(2)
        served[0].media = MyTargetSandboxMedia(latency: .milliseconds(200))
        served[1].media = MyTargetSandboxMedia(latency: .seconds(5))
        let run = Run(.fill(served, behavior: SandboxBehavior(latency: .milliseconds(100))))
        try run.load(count: 2, info: ["bannerMediaTimeout": .number(1)])
        run.manualClock.advance(by: .milliseconds(1_099))
        #expect(run.results.current.isEmpty, "waits for the slowest banner's timeout")
        run.manualClock.advance(by: .milliseconds(1))
        #expect(try run.titles() == ["Puzzle Quest 0"])
    }

    @Test("each loaded ad has its own adapter as its SDK delegate")
    func eachAdHasItsOwnDelegate() async throws {
        let run = Run(.fill(Self.banners(3)))
        try run.load(count: 3)
        let ads = try run.ads()
        let adapters = try ads.map { try #require($0.adapter as? MyTargetNativeBannerAdapter) }
        let sdkAds = try adapters.map(MyTargetHarness.sdkAd(of:))
        for (adapter, sdkAd) in zip(adapters, sdkAds) {
            #expect(sdkAd.delegate === adapter)
            #expect(sdkAd.mediaDelegate === adapter)
            #expect(sdkAd.banner != nil, "already loaded")
        }
        #expect(Set(sdkAds.map(ObjectIdentifier.init)).count == 3)

        let hosts = ads.map { ad in
            let host = RecordingNativeAdDelegate()
            ad.delegate = host
            return host
        }
        try ads[1].render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(sdkAds[1].simulateShow())
        await RecordingNativeAdDelegate.settled()
        #expect(hosts.map { $0.count(.impression) } == [0, 1, 0])
        #expect(ads.allSatisfy { $0.source == MyTargetHarness.source })
    }

    @Test("the loader's settings reach every ad; cache none loads media at register time")
    func settingsAndLazyMedia() throws {
        let run = Run(.fill(Self.banners(2)))
        try run.load(count: 2, info: ["cachePolicy": .string("none"), "adChoicesPlacement": .string("drawingManual")])
        let ads = try run.ads()
        let adapter = try #require(ads.first?.adapter as? MyTargetNativeBannerAdapter)
        let sdkAd = try MyTargetHarness.sdkAd(of: adapter)
        #expect(sdkAd.cachePolicy == .none)
        #expect(sdkAd.adChoicesPlacement == .drawingManual)
        #expect(ads.first?.properties.image(.iconImage)?.isLoaded == false)
        #expect(ads.first?.properties.image(.privacyIcon) != nil)
        let recorder = EventRecorder()
        recorder.attach(to: adapter)
        try ads[0].render(into: NativeAdCard(), using: StaticNativeAdRenderer())
        #expect(recorder.events == [.iconLoaded, .adChoicesIconLoaded])
    }

    @Test("targeting goes to the loader only as far as privacy allows")
    func targeting() throws {
        let targeting = try Targeting(age: 25, gender: .female, language: "kk")
        let allowed = Run(.fill(Self.banners(1)))
        try allowed.load(count: 1, targeting: targeting)
        let params = try #require(allowed.sandbox.loaderLoads.first?.customParams)
        #expect(params.age == 25)
        #expect(params.gender == .female)
        #expect(params.language == "kk")

        let withheld = Run(.fill(Self.banners(1)))
        try withheld.load(count: 1, privacy: try PrivacySettings(canCollectPersonalInfo: false), targeting: targeting)
        let redacted = try #require(withheld.sandbox.loaderLoads.first?.customParams)
        #expect(redacted.age == nil)
        #expect(redacted.gender == .unspecified)
        #expect(redacted.language == "kk")
        #expect(withheld.sandbox.privacy?.userConsent == false)
    }

    @Test("a loader answering twice completes once")
    func doubleCompletion() throws {
        let run = Run(.fill(Self.banners(2), behavior: SandboxBehavior(callbackCount: 2)))
        try run.load(count: 2)
        #expect(run.results.current.count == 1)
    }

    @Test("banners without required assets are skipped, the others kept")
    func skipsIncompleteBanners() throws {
        var served = Self.banners(3)
        served[1].banner.ctaText = nil
        let run = Run(.fill(served))
        try run.load(count: 3)
        #expect(try run.titles() == ["Puzzle Quest 0", "Puzzle Quest 2"])
    }
}
