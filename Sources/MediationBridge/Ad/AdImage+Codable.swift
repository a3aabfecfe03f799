import Foundation

/// JSON form: `{"url": "…", "size": {"width", "height"}, "data": "<base64>"}`, members omitted when absent.
/// A network-provided image has no `url` and carries `"network": true`; its bytes are base64 in `data` like any
/// other, and an SDK image object (``NetworkImageHandle``) is not encoded: it decodes as
/// ``NetworkImageHandle/unavailable`` (drawn as a placeholder of the declared size) unless the bytes are there.
extension AdImage: Codable {
    private enum CodingKeys: String, CodingKey {
        case url, size, data, network
    }

    /// Decodes an image; an image with neither `url`, `data` nor `"network": true` is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decodeIfPresent(URL.self, forKey: .url)
        size = try container.decodeIfPresent(ImageSize.self, forKey: .size)
        data = try container.decodeIfPresent(Data.self, forKey: .data)
        let isNetwork = try container.decodeIfPresent(Bool.self, forKey: .network) ?? false
        if url == nil, data == nil {
            guard isNetwork else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "an image needs a url, data, or \"network\": true"))
            }
            networkImage = .unavailable
        }
    }

    /// Encodes the image; the network handle itself is left out (see the type's JSON form).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(url, forKey: .url)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(data, forKey: .data)
        if isNetworkProvided { try container.encode(true, forKey: .network) }
    }
}
