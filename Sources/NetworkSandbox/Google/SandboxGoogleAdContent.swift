import Foundation
import GoogleCustomNativeAdapter

/// What a sandbox Google custom native ad carries: the format's assets, its media and its click destinations.
///
/// The sandbox delivers whatever format it is scripted with (the real SDK only delivers the requested
/// formats), so the adapter's own format check can be exercised.
public struct SandboxGoogleAdContent: Sendable, Hashable {
    /// The ad's format ID.
    public var formatID: String
    /// The text assets, by asset name.
    public var texts: [String: String]
    /// The image assets, by asset name (URL and size; bytes are made up when the SDK "loads" them).
    public var images: [String: GoogleSDKNativeAdImage]
    /// The AdChoices image, served under the network's AdChoices asset key; `nil` for none.
    public var adChoicesImage: GoogleSDKNativeAdImage?
    /// The ad's media.
    public var mediaContent: GoogleSDKMediaContent
    /// The ad's deep links, in priority order; a click opens the first one an installed app handles.
    public var deepLinkURLs: [URL]
    /// The ad's traditional click URL, opened in a browser when no deep link applies.
    public var clickURL: URL?
    /// The response identifier the ad reports.
    public var responseIdentifier: String
    /// Whether the ad offers Open Measurement (`displayAdMeasurement`).
    public var supportsDisplayMeasurement: Bool

    /// Creates content.
    public init(
        formatID: String,
        texts: [String: String] = [:],
        images: [String: GoogleSDKNativeAdImage] = [:],
        adChoicesImage: GoogleSDKNativeAdImage? = nil,
        mediaContent: GoogleSDKMediaContent = .none,
        deepLinkURLs: [URL] = [],
        clickURL: URL? = nil,
        responseIdentifier: String = "sandbox-google-response",
        supportsDisplayMeasurement: Bool = true
    ) {
        self.formatID = formatID
        self.texts = texts
        self.images = images
        self.adChoicesImage = adChoicesImage
        self.mediaContent = mediaContent
        self.deepLinkURLs = deepLinkURLs
        self.clickURL = clickURL
        self.responseIdentifier = responseIdentifier
        self.supportsDisplayMeasurement = supportsDisplayMeasurement
    }

    /// The names of the text and image assets, sorted.
    public var assetKeys: [String] { Set(texts.keys).union(images.keys).sorted() }

    /// Every image URL the ad refers to (assets, AdChoices, media still), without duplicates, sorted.
    public var imageURLs: [URL] {
        let all = images.values.map(\.imageURL) + [adChoicesImage?.imageURL, mediaContent.mainImage?.imageURL]
        return Set(all.compactMap(\.self)).sorted { $0.absoluteString < $1.absoluteString }
    }
}
