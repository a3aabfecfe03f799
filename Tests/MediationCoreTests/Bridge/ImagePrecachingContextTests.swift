import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import Testing

@Suite struct ImagePrecachingContextTests {
    private let icon = Fixtures.url("https://cdn.example/icon.png")

    private func context(failing: Set<URL> = []) -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: RecordingCustomEventDelegate(), imagePrecacher: ScriptedImagePrecacher(failing: failing),
            trackerPinger: DiscardingTrackerPinger(), source: Fixtures.source())
    }

    private func properties() throws -> NativeAdProperties {
        try NativeAdProperties([.title: .text("T"), .iconImage: .image(AdImage(url: icon))])
    }

    @Test func makesTheAdFromPropertiesWithLoadedImages() throws {
        let context = context()
        let outcome = Locked<Result<NativeAd, MediationError>?>(nil)
        context.precacheImages(of: try properties()) { loaded throws(MediationError) in
            context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: loaded))
        } completion: { result in
            outcome.withLock { $0 = result }
        }
        let ad = try #require(try outcome.current?.get())
        #expect(ad.properties.image(.iconImage)?.isLoaded == true)
    }

    @Test func failedDownloadNamesTheURL() throws {
        let context = context(failing: [icon])
        let outcome = Locked<Result<NativeAd, MediationError>?>(nil)
        context.precacheImages(of: try properties()) { loaded throws(MediationError) in
            context.makeNativeAd(adapter: ScriptedNativeAdAdapter(properties: loaded))
        } completion: { result in
            outcome.withLock { $0 = result }
        }
        #expect(throws: MediationError.imageDownloadFailed(url: icon.absoluteString)) { try outcome.current?.get() }
    }

    @Test func makeAdErrorsPassThrough() throws {
        let outcome = Locked<Result<NativeAd, MediationError>?>(nil)
        context().precacheImages(of: try properties()) { _ throws(MediationError) in
            throw .missingRequiredAssets([.callToAction])
        } completion: { result in
            outcome.withLock { $0 = result }
        }
        #expect(throws: MediationError.missingRequiredAssets([.callToAction])) { try outcome.current?.get() }
    }
}
