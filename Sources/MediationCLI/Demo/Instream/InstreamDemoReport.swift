import Foundation
import MediationCore

/// The `--json` document of `mediation demo instream --config FILE | --auction`: the run's outcome and winner, its
/// trace rows, the auction object of `mediation demo --auction --json` (without signals: in-stream runs collect
/// none), every session event and every URL handed to the pinger, in order.
struct InstreamDemoReport: Encodable {
    /// The winning line.
    struct Winner: Encodable {
        var line: Int
        var customEvent: String
        var network: String
        var price: Double?
    }

    var origin: String
    var strategy: String
    var outcome: String
    var winner: Winner?
    var trace: [MediationTraceEntry]
    var droppedEntries: [DroppedAdResponseEntry]
    var notes: [String]
    /// `null` for a response without bids.
    var auction: DemoAuctionReport?
    var events: [String]
    var firedURLs: [String]

    init(
        origin: String, strategy: String, trace: MediationTrace, auction: DemoAuctionReport?, events: [String],
        firedURLs: [String]
    ) {
        self.origin = origin
        self.strategy = strategy
        outcome = trace.outcome
        winner = trace.winningEntry.map {
            Winner(line: $0.line, customEvent: $0.customEvent, network: $0.network, price: $0.price)
        }
        self.trace = trace.entries
        droppedEntries = Array(trace.droppedEntries.prefix(DemoReport.maximumListed))
        notes = Array(trace.notes.prefix(DemoReport.maximumListed))
        self.auction = auction
        self.events = events
        self.firedURLs = firedURLs
    }

    enum CodingKeys: String, CodingKey {
        case origin, strategy, outcome, winner, trace, droppedEntries, notes, auction, events, firedURLs
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(origin, forKey: .origin)
        try container.encode(strategy, forKey: .strategy)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(winner, forKey: .winner)
        try container.encode(trace, forKey: .trace)
        try container.encode(droppedEntries, forKey: .droppedEntries)
        try container.encode(notes, forKey: .notes)
        try container.encode(auction, forKey: .auction)
        try container.encode(events, forKey: .events)
        try container.encode(firedURLs, forKey: .firedURLs)
    }
}
