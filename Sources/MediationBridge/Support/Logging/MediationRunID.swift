import Foundation
import MediationSupport

/// The identity of one load (one `Mediator` run), stamped on every log entry of the run: `run-1`, `run-2`, …
/// in the order runs start in this process.
public struct MediationRunID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The run's number, unique in this process.
    public let number: UInt64

    /// Wraps a run number.
    package init(number: UInt64) {
        self.number = number
    }

    /// `run-N`.
    public var description: String { "run-\(number)" }

    private static let counter = Locked<UInt64>(0)

    /// Names this launch of the process (random, made once), so that identifiers built from run numbers, which
    /// restart at every launch, stay unique across launches (a tracker pinger's journal outlives a launch).
    package static let launchToken = UUID().uuidString

    /// A fresh ID, one higher than the last one given out in this process.
    package static func next() -> MediationRunID {
        MediationRunID(
            number: counter.withLock { count in
                count += 1
                return count
            })
    }
}
