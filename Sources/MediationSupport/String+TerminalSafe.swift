extension String {
    /// The string with every character that could move the cursor, recolour, break or reorder a terminal line
    /// escaped as `\u{XX}`: C0 and C1 control characters (newline, carriage return, tab, ESC and BEL included),
    /// DEL, the Unicode line and paragraph separators (U+2028, U+2029), and the Unicode bidirectional controls
    /// (ALM U+061C, LRM, RLM, LRE…RLO U+202A–U+202E, LRI…PDI U+2066–U+2069).
    ///
    /// The one helper for every value from an ad response, a bid response, a network or a host that is shown:
    /// CLI lines, the trace table, log messages (``MediationLogger/log(_:_:metadata:)`` and ``ConsoleLogger``
    /// apply it), and HTML, where ``HTMLNativeAdRenderer/escape(_:)`` applies it before the entities. A crafted
    /// value cannot print a fake line, clear the screen or hide text. Escaping twice changes nothing: the
    /// escaped form is plain ASCII.
    package var terminalSafe: String {
        guard unicodeScalars.contains(where: Self.isUnsafeOnATerminal) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            if Self.isUnsafeOnATerminal(scalar) {
                escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Whether `scalar` is a control, line-breaking or bidirectional-formatting character.
    package static func isUnsafeOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
