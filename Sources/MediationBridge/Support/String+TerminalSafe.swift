extension String {
    /// The string with every character that could move the cursor, recolour or reorder a terminal line
    /// escaped as `\u{XX}`: C0 and C1 control characters (newline, tab, ESC and BEL included), DEL, and the
    /// Unicode bidirectional controls (LRM, RLM, ALM, LRE…RLO, LRI…PDI).
    ///
    /// Use it for every value from an ad response, a network or a host that goes into a CLI message, a trace
    /// table or a log line, so that a crafted value cannot print a fake line or hide text.
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

    /// Whether `scalar` is a control or bidirectional-formatting character.
    static func isUnsafeOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
