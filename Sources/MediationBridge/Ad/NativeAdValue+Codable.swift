import Foundation

/// JSON form: text is a JSON string, a number a JSON number; the other kinds are objects with one member
/// naming the kind: `{"url": "…"}`, `{"image": {…}}`, `{"media": {…}}`. Image bytes are base64.
extension NativeAdValue: Codable {
    private enum TaggedKey: String, CodingKey {
        case url, image, media
    }

    /// Decodes a value from its JSON form.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let text = try? single.decode(String.self) {
                self = .text(text)
                return
            }
            if let number = try? single.decode(Double.self) {
                self = .number(number)
                return
            }
        }
        let container = try decoder.container(keyedBy: TaggedKey.self)
        guard container.allKeys.count == 1, let tag = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected a string, a number, or an object with one of url, image, media"))
        }
        switch tag {
        case .url: self = .url(try container.decode(URL.self, forKey: .url))
        case .image: self = .image(try container.decode(AdImage.self, forKey: .image))
        case .media: self = .media(try container.decode(MediaContent.self, forKey: .media))
        }
    }

    /// Encodes the value in its JSON form.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .number(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .url(let url):
            var container = encoder.container(keyedBy: TaggedKey.self)
            try container.encode(url, forKey: .url)
        case .image(let image):
            var container = encoder.container(keyedBy: TaggedKey.self)
            try container.encode(image, forKey: .image)
        case .media(let media):
            var container = encoder.container(keyedBy: TaggedKey.self)
            try container.encode(media, forKey: .media)
        }
    }
}
