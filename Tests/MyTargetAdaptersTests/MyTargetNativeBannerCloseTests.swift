import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

/// "Hide ad" in myTarget's AdChoices menu reaches the host as the bridge's close event, once.
@MainActor @Suite struct MyTargetNativeBannerCloseTests {
    @MainActor final class CloseRecorder: NativeAdDelegate {
        var closes = 0
        func nativeAdDidClose(_ ad: NativeAd) { closes += 1 }
    }

    @Test(arguments: [true, false])
    func hideAdClosesTheAdOnce(closesAutomatically: Bool) async throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(["slotId": .string("4242"), "adChoicesCloseAutomatically": .bool(closesAutomatically)])
        let ad = try harness.loadedAd()
        let host = CloseRecorder()
        ad.delegate = host
        let sdkAd = try harness.loadedSDKAd()

        #expect(sdkAd.simulateAdChoicesHideAd())
        #expect(sdkAd.isHiddenBySDK == closesAutomatically)
        _ = sdkAd.simulateAdChoicesHideAd()
        await RecordingNativeAdDelegate.settled()

        #expect(host.closes == 1)
    }

    @Test func theAdapterForwardsCloseToItsDelegate() throws {
        let harness = MyTargetHarness(.fill(MyTargetSandboxContent.storeBanner()))
        harness.request(["slotId": .string("4242")])
        let adapter = try harness.loadedAdapter()
        final class Recorder: NativeAdAdapterDelegate {
            let closes = Locked(0)
            func nativeAdWillLogImpression(_ adapter: any NativeAdAdapter) {}
            func nativeAdDidClick(_ adapter: any NativeAdAdapter) {}
            func nativeAdWillPresentModal(_ adapter: any NativeAdAdapter) {}
            func nativeAdDidDismissModal(_ adapter: any NativeAdAdapter) {}
            func nativeAdWillLeaveApplication(_ adapter: any NativeAdAdapter) {}
            func nativeAdDidClose(_ adapter: any NativeAdAdapter) { closes.withLock { $0 += 1 } }
        }
        let recorder = Recorder()
        adapter.delegate = recorder
        #expect(try harness.loadedSDKAd().simulateAdChoicesHideAd())
        #expect(recorder.closes.current == 1)
    }

    @Test func theAdaptersReportTheMediationKitVersion() {
        #expect(MyTargetAdaptersVersion.mediationKit == MediationKitVersion.current)
        #expect(!MyTargetAdaptersVersion.mediationKit.isEmpty)
    }
}
