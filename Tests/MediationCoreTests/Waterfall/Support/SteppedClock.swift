import MediationBridge
import MediationSupport

/// A clock that moves only when told, with no timers of its own (timers go to tasks, which the runs that use it never
/// need: their lines answer at once), and that counts how often it is read.
struct SteppedClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    /// The time since the clock's origin: move it to move the clock.
    let time: Locked<Duration>
    /// How many times the clock was read.
    let reads = Locked(0)

    var now: Instant {
        reads.withLock { $0 += 1 }
        return Instant(offset: time.current)
    }
    var minimumResolution: Duration { .zero }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try await Task.sleep(for: .seconds(3600))
    }
}
