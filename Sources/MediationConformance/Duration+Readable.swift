import Foundation
import MediationSupport

extension Duration {
    /// `200 ms`, `10 s`, `1.5 s`: a short reading of a clock duration for reasons.
    var readable: String {
        let milliseconds = wholeMilliseconds
        if self > .zero && self < .milliseconds(1) { return preciseMilliseconds }
        if milliseconds < 1_000 { return "\(milliseconds) ms" }
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000) s" }
        return "\(Double(milliseconds) / 1_000) s"
    }

    /// The duration in milliseconds with two decimals, for measured times.
    var preciseMilliseconds: String {
        String(format: "%.2f ms", milliseconds)
    }
}
