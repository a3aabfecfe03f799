extension String {
    /// The URL text with every character that RFC 3986 does not allow after the authority percent-encoded as UTF-8,
    /// and escapes already present kept as they are: `http://h/a?b=[X]&c=%5BY%5D&d=a b` becomes
    /// `http://h/a?b=%5BX%5D&c=%5BY%5D&d=a%20b`.
    ///
    /// Ad servers write URLs with raw macro brackets, spaces and non-ASCII text, sometimes beside `%XX` escapes.
    /// `URL(string:)` refuses such text on older systems and, where it encodes invalid characters itself, encodes
    /// the whole component, `%` included (`%5B` became `%255B`, so the macro was never expanded). Encoding here
    /// first gives `URL(string:)` only valid text. The scheme and authority (a bracketed IPv6 host included) are
    /// left as written; a `%` not followed by two hex digits becomes `%25`; a second `#` becomes `%23`.
    var percentEncodedForVASTURL: String {
        let bytes = Array(utf8)
        let authorityEnd = Self.authorityEnd(bytes)
        guard Self.needsEncoding(bytes, after: authorityEnd) else { return self }
        var encoded = Array(bytes[..<authorityEnd])
        encoded.reserveCapacity(bytes.count + 16)
        var seenFragment = false
        for index in authorityEnd..<bytes.count {
            let byte = bytes[index]
            let keep: Bool
            switch byte {
            case UInt8(ascii: "%"): keep = Self.isEscape(bytes, index)
            case UInt8(ascii: "#"):
                keep = !seenFragment
                seenFragment = true
            default: keep = Self.isAllowedAfterAuthority(byte)
            }
            if keep {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(Self.hexDigits[Int(byte >> 4)])
                encoded.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Whether any byte after the authority is one ``percentEncodedForVASTURL`` changes.
    private static func needsEncoding(_ bytes: [UInt8], after authorityEnd: Int) -> Bool {
        var seenFragment = false
        for index in authorityEnd..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "%"): if !isEscape(bytes, index) { return true }
            case UInt8(ascii: "#"):
                if seenFragment { return true }
                seenFragment = true
            default: if !isAllowedAfterAuthority(bytes[index]) { return true }
            }
        }
        return false
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Where the path starts: after `scheme://authority`, or 0 when the text has no `://`.
    private static func authorityEnd(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                && bytes[index + 2] == UInt8(ascii: "/")
            {
                var end = index + 3
                while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
                return end
            }
            if bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") { return 0 }
            index += 1
        }
        return 0
    }

    /// `%` followed by two hex digits at `index`.
    private static func isEscape(_ bytes: [UInt8], _ index: Int) -> Bool {
        index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    /// RFC 3986's unreserved and sub-delims characters and `:@/?#%` (pchar, query and fragment).
    private static func isAllowedAfterAuthority(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: "-._~!$&'()*+,;=:@/?#%".utf8.contains(byte)
        }
    }
}
