import Foundation
import MediationCore
import MediationSupport

/// A long synthetic trace for `mediation bench --inspector-entries N`: what a host might save from a run that
/// walked tens of thousands of lines, with every kind of row the inspector draws.
///
/// Lines run mostly one after another, a fifth of them as hedges (started while the line before was still
/// loading); they end in no fill, errors, timeouts, held ads, stops, missing adapters and cancels, and the last
/// attempt wins. No line is skipped: a skipped line has no duration, and the timeline counts a line without an end
/// as still loading, so every line after it would be drawn as a hedge. One entry in twenty is a late or duplicate callback for an earlier line (a few for a line that never
/// ran). Pages of 25 lines follow each other, with a note per page, and an auction over a twentieth as many bids
/// (half of them never ran) with a loss notice per bid that lost. The same `seed` gives the same trace.
package enum BenchInspectorTrace {
    /// The networks the lines cycle through.
    static let networks = ["myTarget", "Google", "TAMedia", "Pangle", "Unity", "Vungle", "Mintegral", "InMobi"]

    /// A trace of exactly `count` entries drawn from `seed`.
    package static func trace(entries count: Int, seed: UInt64) -> MediationTrace {
        var random = BenchRandom(seed: seed)
        var entries: [MediationTraceEntry] = []
        entries.reserveCapacity(count)
        var attemptIndices: [Int] = []
        var previousStart: Int64 = 0
        var previousEnd: Int64 = 0
        for index in 0..<count {
            let now = previousEnd + Int64(random.next() % 5)
            if !attemptIndices.isEmpty, random.unit() < 0.05 {
                entries.append(droppedCallback(index: index, at: now, attempts: attemptIndices, of: entries, &random))
                continue
            }
            let line = attemptIndices.count
            let network = networks[line % networks.count]
            let isHedge = line > 0 && random.unit() < 0.2
            let start = isHedge ? previousStart + 200 : now
            let durationMs = 50 + Int64(random.unit() * 2_000)
            var entry = MediationTraceEntry(
                line: line, page: line / 25, customEvent: "ce.\(network)", network: network,
                price: (random.unit() * 1_000).rounded() / 100, start: .milliseconds(start),
                duration: .milliseconds(durationMs), result: .noFill)
            switch random.unit() {
            case ..<0.40: break
            case ..<0.55:
                entry.result = .error
                entry.errorCode = "network_error"
                entry.detail = "code \(random.next() % 10)"
            case ..<0.65: entry.result = .timeout
            case ..<0.75:
                entry.result = .loaded
                entry.detail = "released"
            case ..<0.85:
                entry.result = .stopped
            case ..<0.93:
                entry.result = .missingAdapter
                entry.duration = .zero
                entry.errorCode = "missing_adapter"
            default: entry.result = .cancelled
            }
            previousStart = start
            previousEnd = max(previousEnd, start + (entry.duration.map(\.wholeMilliseconds) ?? 0))
            attemptIndices.append(index)
            entries.append(entry)
        }
        var trace = MediationTrace(entries: entries, outcome: "no_fill")
        if let last = attemptIndices.last {
            trace.entries[last].result = .loaded
            trace.entries[last].detail = nil
            trace.entries[last].duration = .milliseconds(120)
            trace.entries[last].isWinner = true
            trace.winner = trace.entries[last].line
            trace.outcome = "loaded"
        }
        trace.notes = (0..<(attemptIndices.count + 24) / 25).dropFirst().map { "followed x-next-url page \($0)" }
        trace.auction = auction(attempts: attemptIndices.map { trace.entries[$0] }, bids: count / 20)
        return trace
    }

    /// A late or duplicate callback at `now`, mostly for one of the earlier attempts, sometimes for a line that
    /// never ran.
    private static func droppedCallback(
        index: Int, at now: Int64, attempts: [Int], of entries: [MediationTraceEntry], _ random: inout BenchRandom
    ) -> MediationTraceEntry {
        let isLate = random.unit() < 0.7
        let target = entries[attempts[Int(random.next() % UInt64(attempts.count))]]
        let line = random.unit() < 0.05 ? 1_000_000 + index : target.line
        return MediationTraceEntry(
            line: line, page: target.page, customEvent: target.customEvent, network: target.network,
            start: .milliseconds(now), duration: nil, result: isLate ? .lateCallback : .duplicateCallback,
            detail: isLate ? "ad dropped" : nil)
    }

    /// An auction over `bids` bids: the first half ran as the first lines (the winner's bid won), the rest
    /// never ran (below the floor); a loss notice for each bid that ran and lost.
    private static func auction(attempts: [MediationTraceEntry], bids: Int) -> AuctionRecord {
        var record = AuctionRecord(rule: .unifiedFirstPrice, floor: 1.5)
        let ran = min(bids / 2, attempts.count)
        for place in 0..<bids {
            let attempt = place < ran ? attempts[place] : nil
            let network = attempt?.network ?? networks[place % networks.count]
            let won = attempt?.isWinner ?? false
            record.order.append(
                AuctionRecordEntry(
                    place: place, entryIndex: place, line: attempt?.line, kind: .bid, customEvent: "ce.\(network)",
                    network: network, price: attempt?.price ?? 1.0, currencyCode: "USD", bidID: "bid-\(place)",
                    result: attempt == nil ? "below floor" : won ? "won" : "lost",
                    lossReason: attempt == nil ? .belowAuctionFloor : won ? nil : .lostToHigherBid))
            if attempt != nil, !won, let url = URL(string: "https://track.example/loss/bid-\(place)?reason=102&p=1") {
                record.notices.append(AuctionNoticeRecord(kind: .loss, place: place, line: attempt?.line, url: url))
            }
        }
        return record
    }
}
