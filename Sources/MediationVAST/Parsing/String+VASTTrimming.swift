extension String {
    /// The text without leading and trailing white space and line breaks: the same scalars as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (tab, line feed to carriage return, space, U+0085,
    /// U+00A0, U+1680, U+2000–U+200B, U+2028, U+2029, U+202F, U+205F, U+3000), without Foundation's bridging
    /// through `NSString`, and without a copy when there is nothing to trim.
    var trimmingVASTWhitespace: String {
        trimmingScalars(where: Self.isWhitespaceOrNewline)
    }

    /// The text without leading and trailing white space (not line breaks): the same scalars as
    /// `trimmingCharacters(in: .whitespaces)` (tab, space, U+00A0, U+1680, U+2000–U+200B, U+202F, U+205F,
    /// U+3000).
    var trimmingVASTSpaces: String {
        trimmingScalars(where: Self.isWhitespace)
    }

    private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        // Nothing to trim when the first and last bytes are ASCII and not white space (most URLs and values):
        // every scalar trimmed is either ASCII white space or starts and ends with a byte of 0x80 or more.
        // The ends are read on the contiguous bytes where the string has them (the generic `utf8.last` was a
        // measurable part of every URL read).
        let bytes = utf8
        let endsNeedNoTrim =
            bytes.withContiguousStorageIfAvailable { Self.endsNeedNoTrim(first: $0.first, last: $0.last) }
            ?? Self.endsNeedNoTrim(first: bytes.first, last: bytes.last)
        if endsNeedNoTrim { return self }
        // ASCII white space at both ends is cut on the bytes; a byte of 0x80 or more at an end that is reached
        // leaves the decision to the scalars.
        let asciiTrimmed = bytes.withContiguousStorageIfAvailable { buffer -> String? in
            var start = 0
            var end = buffer.count
            while start < end, buffer[start] <= 0x20, isTrimmed(Unicode.Scalar(buffer[start])) { start += 1 }
            while end > start, buffer[end - 1] <= 0x20, isTrimmed(Unicode.Scalar(buffer[end - 1])) { end -= 1 }
            guard start == end || (buffer[start] < 0x80 && buffer[end - 1] < 0x80) else { return nil }
            if start == 0 && end == buffer.count { return self }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
        if let asciiTrimmed, let asciiTrimmed { return asciiTrimmed }
        if asciiTrimmed == nil, let trimmed = asciiTrimmedByIndex(where: isTrimmed) { return trimmed }
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard isTrimmed(scalars[before]) else { break }
            end = before
        }
        if start == scalars.startIndex && end == scalars.endIndex { return self }
        return String(scalars[start..<end])
    }

    /// Whether a string whose first and last bytes are `first` and `last` has nothing to trim for sure: empty, or
    /// both ends ASCII and not white space.
    private static func endsNeedNoTrim(first: UInt8?, last: UInt8?) -> Bool {
        guard let first, let last else { return true }
        return first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80
    }

    /// The text with ASCII white space cut at both ends on the bytes (when the string's bytes are not
    /// contiguous), or `nil` when an end reached is a byte of 0x80 or more.
    private func asciiTrimmedByIndex(where isTrimmed: (Unicode.Scalar) -> Bool) -> String? {
        let bytes = utf8
        var byteStart = bytes.startIndex
        var byteEnd = bytes.endIndex
        while byteStart < byteEnd, bytes[byteStart] <= 0x20 {
            guard isTrimmed(Unicode.Scalar(bytes[byteStart])) else { break }
            byteStart = bytes.index(after: byteStart)
        }
        while byteEnd > byteStart {
            let before = bytes.index(before: byteEnd)
            guard bytes[before] <= 0x20, isTrimmed(Unicode.Scalar(bytes[before])) else { break }
            byteEnd = before
        }
        let startsClean = byteStart == byteEnd || (bytes[byteStart] > 0x20 && bytes[byteStart] < 0x80)
        let endsClean =
            byteStart == byteEnd
            || (bytes[bytes.index(before: byteEnd)] > 0x20 && bytes[bytes.index(before: byteEnd)] < 0x80)
        guard startsClean && endsClean else { return nil }
        if byteStart == bytes.startIndex && byteEnd == bytes.endIndex { return self }
        return String(Substring(bytes[byteStart..<byteEnd]))
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isWhitespace(scalar)
        }
    }
}
