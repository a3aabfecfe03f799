import Foundation
import MediationSupport

/// VAST's time format, `HH:MM:SS` with optional `.mmm` (the spec's `Duration`, `skipoffset` and `offset`).
///
/// Lenient where tags are sloppy: one or more hour digits, one or two minute and second digits, and any number of
/// fraction digits (rounded to milliseconds) are read. Minutes and seconds must be under 60.
public enum VASTTime {
    /// The time `text` names, or `nil` when it is not `H+:MM:SS[.f+]`.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingVASTWhitespace
        if let plain = trimmed.utf8.withContiguousStorageIfAvailable(plainMilliseconds), let plain {
            return .milliseconds(plain)
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int(parts[0]), hours >= 0, hours < 1000,
            parts[1].count <= 2, let minutes = Int(parts[1]), (0..<60).contains(minutes)
        else { return nil }
        let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard secondParts.count <= 2, secondParts[0].count <= 2, secondParts[0].allSatisfy(\.isASCIIDigit),
            let seconds = Int(secondParts[0]), (0..<60).contains(seconds)
        else { return nil }
        var milliseconds = 0
        if secondParts.count == 2 {
            let fraction = secondParts[1]
            guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCIIDigit),
                let value = Double("0." + fraction)
            else { return nil }
            milliseconds = Int((value * 1000).rounded())
        }
        let total = ((hours * 60 + minutes) * 60 + seconds) * 1000 + milliseconds
        return .milliseconds(total)
    }

    /// The milliseconds of the common form `H+:M[M]:S[S]` (ASCII digits only, no fraction) read on the bytes, or
    /// `nil` for any other text (which ``parse(_:)`` then reads the general way).
    private static func plainMilliseconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var values = (0, 0, 0)
        var field = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ":") {
                guard digits > 0, field < 2 else { return nil }
                field += 1
                digits = 0
                continue
            }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            digits += 1
            let digit = Int(byte - 0x30)
            switch field {
            case 0:
                guard digits <= 9 else { return nil }
                values.0 = values.0 * 10 + digit
            case 1:
                guard digits <= 2 else { return nil }
                values.1 = values.1 * 10 + digit
            default:
                guard digits <= 2 else { return nil }
                values.2 = values.2 * 10 + digit
            }
        }
        guard field == 2, digits > 0, values.0 < 1000, values.1 < 60, values.2 < 60 else { return nil }
        return ((values.0 * 60 + values.1) * 60 + values.2) * 1000
    }

    /// `HH:MM:SS.mmm` (what the playhead macros are replaced with).
    public static func format(_ duration: Duration) -> String {
        let totalMilliseconds = max(0, Int(duration.milliseconds.rounded()))
        let milliseconds = totalMilliseconds % 1000
        let totalSeconds = totalMilliseconds / 1000
        let hours = totalSeconds / 3600
        let minutes = (totalSeconds / 60) % 60
        let seconds = totalSeconds % 60
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(milliseconds, 3))"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
