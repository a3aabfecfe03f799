import Foundation

extension Duration {
    /// The duration in seconds, as a `Double`.
    var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
