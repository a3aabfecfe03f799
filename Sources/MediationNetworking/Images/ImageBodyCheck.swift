import Foundation

/// Tells whether a downloaded body is an image at all, so that an empty answer or an HTML error page is never
/// cached or handed to a renderer as an ad's image.
enum ImageBodyCheck {
    /// Why `body` (served as `contentType`) is not an image, or `nil` when it is one.
    ///
    /// A body is an image when it is not empty and either starts with a known image signature (PNG, JPEG, GIF,
    /// WebP, BMP, ICO, HEIF/AVIF, TIFF) or is served as `image/*` and does not start like text markup or JSON.
    static func problem(body: Data, contentType: String?) -> String? {
        guard !body.isEmpty else { return "the body is empty" }
        if hasImageSignature(body) { return nil }
        let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let start = body.prefix(16).drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.first
        let looksLikeText = start == UInt8(ascii: "<") || start == UInt8(ascii: "{") || start == UInt8(ascii: "[")
        if let type, type.hasPrefix("image/"), !looksLikeText { return nil }
        let head = String(decoding: body.prefix(24), as: UTF8.self)
        return
            "the body is not an image (\(type ?? "no Content-Type"), \(body.count) bytes starting \(head.debugDescription))"
    }

    private static func hasImageSignature(_ body: Data) -> Bool {
        let bytes = [UInt8](body.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        return starts([0x89, 0x50, 0x4E, 0x47]) || starts([0xFF, 0xD8, 0xFF]) || starts(Array("GIF8".utf8))
            || (starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)) || starts(Array("BM".utf8))
            || starts([0x00, 0x00, 0x01, 0x00]) || starts(Array("ftyp".utf8), at: 4)
            || starts([0x49, 0x49, 0x2A, 0x00])
            || starts([0x4D, 0x4D, 0x00, 0x2A])
    }
}
