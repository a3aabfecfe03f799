extension Duration {
    /// The duration as a person reads it, to the largest two units: `250ms`, `30s`, `42m 10s`, `1h`, `2d 3h`;
    /// below a second in whole milliseconds, from a second on in whole seconds (rounded down). A negative duration
    /// reads `0ms`.
    package var readableDescription: String {
        let milliseconds = max(wholeMilliseconds, 0)
        guard milliseconds >= 1_000 else { return "\(milliseconds)ms" }
        let seconds = milliseconds / 1_000
        let units: [(Int64, String)] = [(86_400, "d"), (3_600, "h"), (60, "m"), (1, "s")]
        var parts: [String] = []
        var rest = seconds
        for (size, name) in units where parts.count < 2 {
            let count = rest / size
            rest %= size
            if count > 0 {
                parts.append("\(count)\(name)")
            } else if !parts.isEmpty {
                // The second unit is the one right below the first, even when it is zero: `1h` not `1h 0m`.
                break
            }
        }
        return parts.joined(separator: " ")
    }
}
