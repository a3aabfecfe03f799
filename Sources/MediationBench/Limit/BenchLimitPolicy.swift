/// A launch policy of the limit search (`mediation bench --limit`): a rule that knows the workload's latency and
/// fill distributions (it was chosen on another set of seeds) but not a load's outcomes. It sees only what a real
/// run sees: which lines have started, which have ended and which hold an ad.
///
/// Every policy keeps sequential's winner: a lower line's ad is held until every line above it has ended, the
/// first line that every line above has ended always starts at once (so it is never later than sequential), and no
/// line starts below a line that holds an ad.
public struct BenchLimitPolicy: Codable, Sendable, Hashable {
    /// The families searched.
    public enum Family: String, Codable, Sendable, Hashable {
        /// Lines `0..<startAtOnce` start at t = 0, then `window` lines are kept loading from the first unended one.
        case schedule
        /// Each line starts at its own time after the load's start at the latest (or when it enters the window).
        case startTimes
        /// The engine's fixed hedge: after `delayMs` without a line start, one more line may load, up to
        /// `maxInFlight`; a line that ends frees its place at once.
        case hedge
        /// A count-based rule: lines `0..<window` start at t = 0, then `maxInFlight` lines are kept loading (a line
        /// that ends frees its place at once, wherever it is in the waterfall).
        case burst
    }

    /// The family.
    public var family: Family
    /// How many lines load from the first unended one, at least (``Family/schedule`` and ``Family/startTimes``);
    /// for ``Family/burst``, how many lines start at t = 0.
    public var window: Int
    /// Per line, the time in milliseconds after the load's start at which it starts at the latest; `nil` for a
    /// line that starts only when it enters the window (``Family/schedule`` and ``Family/startTimes``).
    public var startMs: [Int?]
    /// The hedge delay in milliseconds (``Family/hedge``).
    public var delayMs: Int
    /// The hedge's in-flight limit (``Family/hedge``), or the lines kept loading after the burst
    /// (``Family/burst``).
    public var maxInFlight: Int

    /// "lines 0…m−1 at t = 0, then `window` ahead" over `lineCount` lines.
    public static func schedule(startAtOnce: Int, window: Int, lineCount: Int) -> BenchLimitPolicy {
        BenchLimitPolicy(
            family: .schedule, window: window,
            startMs: (0..<lineCount).map { $0 < startAtOnce ? 0 : nil }, delayMs: 0, maxInFlight: 0)
    }

    /// Each line starts by `startMs[i]` at the latest, or when it enters a window of `window` lines.
    public static func startTimes(_ startMs: [Int?], window: Int) -> BenchLimitPolicy {
        BenchLimitPolicy(family: .startTimes, window: window, startMs: startMs, delayMs: 0, maxInFlight: 0)
    }

    /// The engine's `hedged(after: delayMs, maxInFlight:)`.
    public static func hedge(delayMs: Int, maxInFlight: Int) -> BenchLimitPolicy {
        BenchLimitPolicy(family: .hedge, window: 1, startMs: [], delayMs: delayMs, maxInFlight: maxInFlight)
    }

    /// "start `startAtOnce` lines at t = 0, then keep `keep` in flight".
    public static func burst(startAtOnce: Int, keep: Int) -> BenchLimitPolicy {
        BenchLimitPolicy(family: .burst, window: startAtOnce, startMs: [], delayMs: 0, maxInFlight: keep)
    }

    /// A short name: `start 5 at 0, keep 2`, `starts 0/0/150/–… ms, keep 1`, `hedged(500ms, 2)` or
    /// `burst 4, keep 2 in flight`.
    public var name: String {
        switch family {
        case .schedule:
            return "start \(startMs.count { $0 == 0 }) at 0, keep \(window)"
        case .startTimes:
            let times = startMs.map { $0.map(String.init) ?? "–" }.joined(separator: "/")
            return "starts \(times) ms, keep \(window)"
        case .hedge:
            return "hedged(\(delayMs)ms, \(maxInFlight))"
        case .burst:
            return "burst \(window), keep \(maxInFlight) in flight"
        }
    }

    /// Runs one load whose line `i` ends `ends[i]` µs after it starts and fills when `fills[i]`; returns when the
    /// ad is delivered (µs, `nil` for no fill) and how many lines were requested. `start` is scratch space of
    /// at least `ends.count` elements.
    func simulate(
        ends: UnsafeBufferPointer<Int64>, fills: UnsafeBufferPointer<Bool>, start: UnsafeMutableBufferPointer<Int64>
    ) -> (time: Int64?, attempts: Int) {
        let count = ends.count
        for index in 0..<count { start[index] = -1 }
        let delay = Int64(delayMs) * 1000
        var target =
            switch family {
            case .hedge: delayMs == 0 ? maxInFlight : 1
            case .burst: window
            case .schedule, .startTimes: 0
            }
        var lastLaunch: Int64 = 0
        var attempts = 0
        var now: Int64 = 0
        while true {
            var firstUnended = 0
            while firstUnended < count, start[firstUnended] >= 0, !fills[firstUnended],
                start[firstUnended] + ends[firstUnended] <= now
            {
                firstUnended += 1
            }
            if firstUnended == count { return (nil, attempts) }
            if start[firstUnended] >= 0, fills[firstUnended], start[firstUnended] + ends[firstUnended] <= now {
                return (now, attempts)
            }
            var loading = 0
            var held = false
            var pending = false
            for index in firstUnended..<count where start[index] >= 0 {
                if start[index] + ends[index] > now {
                    loading += 1
                } else if fills[index] {
                    held = true
                }
            }
            if family == .hedge, delay > 0, !held, target < maxInFlight, lastLaunch + delay <= now, attempts > 0 {
                target += 1
            }
            if family == .burst, now > 0 { target = maxInFlight }
            for index in firstUnended..<count {
                if start[index] >= 0 {
                    if fills[index], start[index] + ends[index] <= now { break }
                    continue
                }
                let starts: Bool
                switch family {
                case .hedge, .burst:
                    starts = loading < target
                case .schedule, .startTimes:
                    starts = index < firstUnended + window || (startMs[index].map { Int64($0) * 1000 <= now } ?? false)
                }
                if starts {
                    start[index] = now
                    attempts += 1
                    loading += 1
                    lastLaunch = now
                } else {
                    pending = true
                    if family == .hedge || family == .burst { break }
                }
            }
            var next = Int64.max
            for index in firstUnended..<count where start[index] >= 0 {
                let end = start[index] + ends[index]
                if end > now { next = min(next, end) }
            }
            switch family {
            case .hedge:
                if delay > 0, !held, pending, target < maxInFlight {
                    next = min(next, max(lastLaunch + delay, now + 1))
                }
            case .burst:
                break
            case .schedule, .startTimes:
                for index in firstUnended..<count where start[index] < 0 {
                    if let ms = startMs[index], Int64(ms) * 1000 > now { next = min(next, Int64(ms) * 1000) }
                }
            }
            guard next != Int64.max else { return (nil, attempts) }
            now = next
        }
    }
}

extension BenchLimitPolicy {
    /// Each request of `world` under this policy: sequential's winner (the policy keeps it), when the ad is
    /// delivered, and how many lines were requested.
    public func results(on world: BenchWorld) -> [BenchRequestResult] {
        let (times, attempts) = BenchLimitWorld(world).run(self)
        return world.requests.indices.map { request in
            let absent = world.absentBids.indices.contains(request) ? world.absentBids[request] : []
            let winner =
                times[request] == nil
                ? nil
                : world.requests[request].indices.first { index in
                    world.requests[request][index].fills && !(absent.indices.contains(index) && absent[index])
                }
            return BenchRequestResult(
                winner: winner, timeToFill: times[request].map { .microseconds($0) }, attempts: attempts[request],
                revenue: winner.map { world.prices[$0] } ?? 0)
        }
    }
}
