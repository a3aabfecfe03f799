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
        // Read on the contiguous bytes without copying them; most URLs need nothing.
        if let encoded = utf8.withContiguousStorageIfAvailable(Self.encoded) {
            return encoded ?? self
        }
        var copy = self
        return copy.withUTF8 { Self.encoded($0) ?? self }
    }

    /// `bytes` with every byte after the authority that RFC 3986 does not allow there percent-encoded, or `nil`
    /// when none needs it.
    private static func encoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let authorityEnd = authorityEnd(bytes)
        let escapes = escapeCount(bytes, after: authorityEnd)
        guard escapes > 0 else { return nil }
        return String(unsafeUninitializedCapacity: bytes.count + 2 * escapes) { output in
            var written = 0
            for index in 0..<authorityEnd {
                output[written] = bytes[index]
                written += 1
            }
            var seenFragment = false
            for index in authorityEnd..<bytes.count {
                let byte = bytes[index]
                let keep: Bool
                switch byte {
                case UInt8(ascii: "%"): keep = isEscape(bytes, index)
                case UInt8(ascii: "#"):
                    keep = !seenFragment
                    seenFragment = true
                default: keep = isAllowedAfterAuthority(byte)
                }
                if keep {
                    output[written] = byte
                    written += 1
                } else {
                    output[written] = UInt8(ascii: "%")
                    output[written + 1] = hexDigit(byte >> 4)
                    output[written + 2] = hexDigit(byte & 0x0F)
                    written += 3
                }
            }
            return written
        }
    }

    /// How many bytes after the authority ``percentEncodedForVASTURL`` encodes.
    private static func escapeCount(_ bytes: UnsafeBufferPointer<UInt8>, after authorityEnd: Int) -> Int {
        var count = 0
        var seenFragment = false
        for index in authorityEnd..<bytes.count {
            let byte = bytes[index]
            if isAllowedAfterAuthority(byte) && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "#") { continue }
            switch byte {
            case UInt8(ascii: "%"): if !isEscape(bytes, index) { count += 1 }
            case UInt8(ascii: "#"):
                if seenFragment { count += 1 }
                seenFragment = true
            default: count += 1
            }
        }
        return count
    }

    /// The upper-case hex digit of `value` (0...15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Where the path starts: after `scheme://authority`, or 0 when the text has no `://`.
    private static func authorityEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                && bytes[index + 2] == UInt8(ascii: "/")
            {
                var end = index + 3
                while end < bytes.count {
                    let byte = bytes[end]
                    if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                    end += 1
                }
                return end
            }
            if bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?") { return 0 }
            index += 1
        }
        return 0
    }

    /// `%` followed by two hex digits at `index`.
    private static func isEscape(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }

    /// RFC 3986's unreserved and sub-delims characters and `:@/?#%` (pchar, query and fragment).
    private static func isAllowedAfterAuthority(_ byte: UInt8) -> Bool {
        // One bit per ASCII byte: `0-9A-Za-z` and `-._~!$&'()*+,;=:@/?#%`.
        byte < 0x40
            ? allowedBelow64 & (1 << UInt64(byte)) != 0
            : byte < 0x80 && allowedFrom64 & (1 << UInt64(byte - 0x40)) != 0
    }

    // Written as literals: a mask worked out by a function is a lazily initialised global, whose
    // initialisation check (`swift_once`) then ran for every byte of every URL. VASTParseCostFastPathTests
    // checks them against ``mask(of:from:)`` over the characters.
    /// ``mask(of:from:)`` of `0123456789-.!$&'()*+,;=:/?#%` from 0.
    static let allowedBelow64: UInt64 = 0xAFFF_FFFA_0000_0000
    /// ``mask(of:from:)`` of `ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_~@` from 0x40.
    static let allowedFrom64: UInt64 = 0x47FF_FFFE_87FF_FFFF

    /// One bit per byte of `characters` that lies in `base..<base + 64`, at the byte's offset from `base`.
    static func mask(of characters: String, from base: UInt8) -> UInt64 {
        var mask: UInt64 = 0
        for byte in characters.utf8 where byte >= base && byte < base + 64 { mask |= 1 << UInt64(byte - base) }
        return mask
    }
}
