import Foundation

/// A typed value of the unified ad dictionary.
public enum NativeAdValue: Sendable, Hashable {
    /// Text, such as a title.
    case text(String)
    /// A number, such as a star rating.
    case number(Double)
    /// A link, such as the privacy click URL.
    case url(URL)
    /// An image asset.
    case image(AdImage)
    /// Main media content.
    case media(MediaContent)

    /// The kinds of value, for declaring and checking what a key holds.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// ``NativeAdValue/text(_:)``.
        case text
        /// ``NativeAdValue/number(_:)``.
        case number
        /// ``NativeAdValue/url(_:)``.
        case url
        /// ``NativeAdValue/image(_:)``.
        case image
        /// ``NativeAdValue/media(_:)``.
        case media
    }

    /// This value's kind.
    public var kind: Kind {
        switch self {
        case .text: .text
        case .number: .number
        case .url: .url
        case .image: .image
        case .media: .media
        }
    }

    /// The text, or `nil` for other kinds.
    package var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The number, or `nil` for other kinds.
    package var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The URL, or `nil` for other kinds.
    package var urlValue: URL? {
        if case .url(let value) = self { return value }
        return nil
    }

    /// The image, or `nil` for other kinds.
    package var imageValue: AdImage? {
        if case .image(let value) = self { return value }
        return nil
    }

    /// The media content, or `nil` for other kinds.
    package var mediaValue: MediaContent? {
        if case .media(let value) = self { return value }
        return nil
    }
}
