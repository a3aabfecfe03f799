import Foundation
import MediationBridge

/// A URL read from a VAST document, kept as checked text; the `URL` is made when it is asked for.
///
/// A document names a URL for every tracker, media file and click, and a player uses those of the ad it plays,
/// one at a time: making a `URL` for each one up front (parsing it, then allocating and later freeing two
/// objects) was about a third of the time taken to build the model of a 200 KB pod. The reader checks each text
/// while it reads, so that ``url`` always gives the `URL` that the text names, made as the reader made it before
/// (`URL(string:)` of ``Swift/String/percentEncodedForVASTURL``):
/// - text that starts `http://` or `https://` and whose authority is a plain host name (ASCII letters, digits,
///   `-` and `.`, starting with a letter or digit) with an optional port is kept as written: percent-encoding
///   makes the rest valid RFC 3986, and `URL(string:)` reads any such text, with that host (VASTURLTextTests
///   checks both on generated and random text);
/// - any other text is read by `URL(string:)` at once, and the `absoluteString` of the result is kept (or the
///   text is refused).
struct VASTURLText: Sendable, Hashable {
    /// The text: as the document wrote it (trimmed) for a plain authority, otherwise the `absoluteString` of the
    /// `URL` read from it.
    let text: String

    /// The text of `url`.
    init(_ url: URL) {
        text = url.absoluteString
    }

    private init(checked text: String) {
        self.text = text
    }

    /// The URL the text names.
    var url: URL {
        if let url = URL(string: text.percentEncodedForVASTURL) { return url }
        // Not reached: the text has a plain authority (see the type's rules), or is the `absoluteString` of a
        // `URL`, which percent-encoding leaves as it is and `URL(string:)` reads back.
        assertionFailure("checked VAST URL text '\(text)' did not parse")
        return Self.unreadable
    }

    /// What ``url`` gives if a checked text ever failed to parse.
    private static let unreadable = URL(fileURLWithPath: "/")

    /// The checked text of the http(s) URL `written` (trimmed), or `nil` when it is not http(s), cannot be read,
    /// or names no host. A protocol-relative URL (`//host/path`) is read as `https` by the rule every
    /// reader shares (``MediationBridge/MediationURLPolicy/resolvingProtocolRelative(_:)``).
    static func read(_ written: String) -> VASTURLText? {
        let text = MediationURLPolicy.resolvingProtocolRelative(written)
        if hasPlainAuthority(text) { return VASTURLText(checked: text) }
        // The scheme is decided on the text: a URL read from text that starts `http:` or `https:` has that
        // scheme, and text that does not is not read at all.
        guard hasHTTPScheme(text), let parsed = URL(string: text.percentEncodedForVASTURL),
            hasEvidentHost(text) || parsed.host(percentEncoded: true) != nil
        else { return nil }
        return VASTURLText(checked: parsed.absoluteString)
    }

    /// Whether `text`, which starts with `http:` or `https:`, goes on with `//` and an ASCII letter or digit: an
    /// authority whose host is not empty, which every `URL` read from such text reports (`host` is `nil` only
    /// without an authority, or for an empty host without user, password or port). Text that does not (an IP
    /// literal, an empty authority) is left to `URL`'s own `host`: reading it made a string per URL.
    static func hasEvidentHost(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        var schemeEnded = false
        for _ in 0..<6 {
            if bytes.next() == UInt8(ascii: ":") {
                schemeEnded = true
                break
            }
        }
        guard schemeEnded, bytes.next() == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/"),
            let first = bytes.next()
        else { return false }
        switch first {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default: return false
        }
    }

    /// Whether `text` starts with `http:` or `https:` in any case (without lower-casing a copy).
    static func hasHTTPScheme(_ text: String) -> Bool {
        var count = 0
        for byte in text.utf8 {
            let lowered = (byte >= 0x41 && byte <= 0x5A) ? byte + 32 : byte
            switch count {
            case 0: guard lowered == UInt8(ascii: "h") else { return false }
            case 1, 2: guard lowered == UInt8(ascii: "t") else { return false }
            case 3: guard lowered == UInt8(ascii: "p") else { return false }
            case 4:
                if byte == UInt8(ascii: ":") { return true }
                guard lowered == UInt8(ascii: "s") else { return false }
            default: return byte == UInt8(ascii: ":")
            }
            count += 1
        }
        return false
    }

    /// Whether `text` is `http://` or `https://` (the scheme in any case), a host of ASCII letters, digits, `-`
    /// and `.` that starts with a letter or digit, an optional port of 1 to 5 digits up to 65535, and then
    /// nothing or `/`, `?` or `#`.
    static func hasPlainAuthority(_ text: String) -> Bool {
        if let plain = text.utf8.withContiguousStorageIfAvailable(hasPlainAuthority(bytes:)) { return plain }
        return Array(text.utf8).withUnsafeBufferPointer(hasPlainAuthority(bytes:))
    }

    private static func hasPlainAuthority(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        // `http` and `://`, or `https` and `://`, in any case: lower-cased by setting bit 5 of the letters.
        guard count >= 8, bytes[0] | 0x20 == UInt8(ascii: "h"), bytes[1] | 0x20 == UInt8(ascii: "t"),
            bytes[2] | 0x20 == UInt8(ascii: "t"), bytes[3] | 0x20 == UInt8(ascii: "p")
        else { return false }
        var index = bytes[4] | 0x20 == UInt8(ascii: "s") ? 5 : 4
        guard index + 3 < count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return false }
        index += 3
        guard isLetterOrDigit(bytes[index]) else { return false }
        while index < count,
            isLetterOrDigit(bytes[index]) || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".")
        {
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            var port = 0
            var digits = 0
            while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                port = port * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                guard digits <= 5 else { return false }
                index += 1
            }
            guard digits > 0, port <= 65535 else { return false }
        }
        guard index < count else { return true }
        let next = bytes[index]
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#")
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z"))
    }
}
