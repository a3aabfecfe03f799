import Foundation
import MediationBridge
import TAMediaAdapter

/// Deterministic sample content for the sandbox TAMedia network, for demos and benchmarks.
public enum SandboxTAMediaSamples {
    /// A sample `NativeListId`.
    public static let adUnitId = "sandbox-tamedia-native-list"

    private static let products = ["珍珠奶茶", "夜市小吃", "高鐵假期", "阿里山日出", "九份老街", "墾丁海灘"]
    private static let pitches = ["限時優惠", "今日下殺", "會員加碼", "新品上市", "免運費", "買一送一"]
    private static let bodies = [
        "立即下載，享受專屬折扣。", "每日限量，售完為止。", "全台門市同步開賣。", "加入會員再享九折。",
    ]
    private static let actions = ["立即下載", "了解更多", "馬上購買", "立即預訂"]

    /// A full TAMedia ad (every field, URL-only images, a still media content); the same seed always gives the
    /// same ad.
    public static func content(seed: UInt64 = 1) -> TAMediaSDKNativeAdContent {
        var generator = SeededRandomNumberGenerator(seed: seed)
        func pick(_ values: [String]) -> String { values[Int(generator.next() % UInt64(values.count))] }
        let number = generator.next() % 100_000
        let product = pick(products)
        let pitch = pick(pitches)
        let base = "https://sandbox.mediationkit.test/tamedia/\(number)"
        return TAMediaSDKNativeAdContent(
            longSubject: "\(product)・\(pitch)",
            shortSubject: product,
            body: pick(bodies),
            callToAction: pick(actions),
            iconSquare: TAMediaSDKNativeAdImage(
                url: URL(string: "\(base)/square.png"), size: ImageSize(width: 300, height: 300)),
            iconRect: TAMediaSDKNativeAdImage(
                url: URL(string: "\(base)/rect.jpg"), size: ImageSize(width: 1200, height: 628)),
            mediaContent: TAMediaSDKMediaContent(
                hasVideoContent: false, aspectRatio: 1200.0 / 628.0,
                image: TAMediaSDKNativeAdImage(
                    url: URL(string: "\(base)/media.jpg"), size: ImageSize(width: 1200, height: 628))))
    }

    /// A sample whose media is a video with a poster image.
    public static func videoContent(seed: UInt64 = 1) -> TAMediaSDKNativeAdContent {
        var content = content(seed: seed)
        var generator = SeededRandomNumberGenerator(seed: seed ^ 0x7AD)
        let poster = content.mediaContent?.image
        let videoURL = poster?.url?.deletingLastPathComponent().appendingPathComponent("video.mp4")
        content.mediaContent = TAMediaSDKMediaContent(
            hasVideoContent: true, aspectRatio: 16.0 / 9.0, duration: Double(10 + generator.next() % 21),
            videoURL: videoURL, image: poster)
        return content
    }

    /// Every image URL in `content`, sorted.
    public static func imageURLs(in content: TAMediaSDKNativeAdContent) -> [URL] {
        [content.iconSquare?.url, content.iconRect?.url, content.mediaContent?.image?.url].compactMap(\.self)
            .sorted { $0.absoluteString < $1.absoluteString }
    }
}
