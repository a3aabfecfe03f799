#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time of the calling thread, for the parse and mapping cost figures of `mediation bench --vast` and
/// `--openrtb`: on a machine busy with other work, a wall-clock sample long enough to be preempted is inflated by
/// the time other processes ran and a short one is not, which skews a ratio of a long side to a short one; CPU
/// time counts only this thread's work.
enum BenchThreadCPUClock {
    /// The calling thread's CPU time so far, in microseconds.
    static func nowMicroseconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1e6 + Double(spec.tv_nsec) / 1e3
    }

    /// Microseconds of CPU per call of `body`, over `repeats` calls on this thread.
    static func measure(_ repeats: Int = 1, _ body: () -> Void) -> Double {
        let start = nowMicroseconds()
        for _ in 0..<repeats { body() }
        return (nowMicroseconds() - start) / Double(max(1, repeats))
    }
}
