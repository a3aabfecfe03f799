import MediationCore
import MediationSupport

/// A simulated amount of free space for a tracker journal's files, so that tests can run the journal on a nearly
/// full disk without mounting one.
///
/// A journal opened while ``current`` is set (`JournalSpaceBudget.$current.withValue(budget) { … }`) keeps that
/// budget for its whole life: each write takes its bytes from it, and once a write would pass it the journal's
/// files get what fits and the write fails with "No space left on device", as a short `write` then `ENOSPC` would;
/// removing one of its files gives the file's bytes back. Outside tests ``current`` is `nil` and only the real
/// disk counts.
final class JournalSpaceBudget: Sendable {
    /// The budget of the journals opened in the current task; `nil` outside tests.
    @TaskLocal static var current: JournalSpaceBudget?

    /// The free bytes left.
    private let remaining: Locked<Int>

    /// A budget of `bytes` free bytes.
    init(bytes: Int) {
        remaining = Locked(max(0, bytes))
    }

    /// The free bytes left.
    var remainingBytes: Int { remaining.current }

    /// Takes up to `count` bytes; returns how many there were.
    func take(_ count: Int) -> Int {
        remaining.withLock { remaining in
            let granted = min(count, remaining)
            remaining -= granted
            return granted
        }
    }

    /// Gives back `count` bytes, as when a file is removed or space returns.
    func add(_ count: Int) {
        remaining.withLock { $0 += max(0, count) }
    }
}
