import Foundation
import MediationCore
import MediationSupport

/// `mediation bench --scale N` (or `--cliffs`, these figures only): whether a line's cost stays flat where it used
/// to jump. Two measurements on the production setup of ``BenchOverheadReport`` (continuous clock, default strategy,
/// silent logger, every network answering at once), but with a pinger that takes every ping (`BenchSendingPinger`):
/// a bid's win, loss and billing notices are built as for the wire:
///
/// - **Many networks**: 10-line loads (nine no-fills, then a fill) whose network names rotate through N distinct
///   names, all through one mediator and so one shared statistics store (256 networks by default): CPU per line
///   for each N. With N above the store's capacity every line is a network the store has forgotten.
/// - **Auction**: one load of B lines (B − 1 no-fills, then a fill, priced in descending order), once as bids
///   with win, loss and billing notices and once as the same lines without them: CPU and bytes allocated per bid
///   line against per plain line.
/// - **Statistics store**: the heap a full default store holds per network (``heapBytesPerStoredNetwork()``).
///
/// Figures are medians of several runs; the bytes need scripts/allocation-counter.c preloaded.
public struct BenchCliffsReport: Codable, Sendable, Hashable {
    /// One many-networks row.
    public struct NetworksRow: Codable, Sendable, Hashable {
        /// Distinct network names in rotation.
        public var networks: Int
        /// Engine µs per line (the median run's µs per load over the lines per load).
        public var usPerLine: Double
        /// Bytes requested from malloc per line; `nil` without the allocation counter.
        public var bytesAllocatedPerLine: Double?
        /// Networks the shared store holds after the runs.
        public var storedNetworks: Int
    }

    /// Lines per load of the many-networks run.
    public var linesPerLoad: Int
    /// Loads per run.
    public var loadsPerRun: Int
    /// Runs per figure (the median is reported).
    public var runs: Int
    /// The shared store's capacity (networks).
    public var storeCapacity: Int
    /// One row per count of distinct network names, in the order measured.
    public var networks: [NetworksRow]
    /// The heap a default statistics store holds per network when full (``heapBytesPerStoredNetwork()``); `nil`
    /// where the heap cannot be read.
    public var heapBytesPerStoredNetwork: Double?
    /// Lines (bidders) in the auction.
    public var bidders: Int
    /// Auction loads per run.
    public var auctionLoadsPerRun: Int
    /// Engine µs per line, the auction's lines as bids.
    public var usPerBidLine: Double
    /// Engine µs per line, the same lines without bids.
    public var usPerPlainLine: Double
    /// Bytes requested from malloc per bid line; `nil` without the allocation counter.
    public var bytesAllocatedPerBidLine: Double?
    /// Bytes requested from malloc per plain line.
    public var bytesAllocatedPerPlainLine: Double?

    /// The last row's µs per line over the first's (1 is flat).
    public var flatness: Double? {
        guard let first = networks.first, let last = networks.last, first.usPerLine > 0 else { return nil }
        return last.usPerLine / first.usPerLine
    }

    /// µs per bid line over µs per plain line.
    public var bidOverPlain: Double { usPerPlainLine > 0 ? usPerBidLine / usPerPlainLine : .nan }

    /// Measures `runs` runs of `loads` 10-line loads for each count in `networkCounts`, and `runs` runs of
    /// `auctionLoads` loads of a `bidders`-line auction as bids and as plain lines; `progress` receives a line
    /// per measurement.
    ///
    /// - Throws: ``BenchRunError`` when a load does not deliver its last line's fill.
    public static func measure(
        networkCounts: [Int] = [10, 256, 1_000, 10_000], loads: Int = 2_000, bidders: Int = 50,
        auctionLoads: Int = 400, runs: Int = 5, progress: (@Sendable (String) -> Void)? = nil
    ) throws(BenchRunError) -> BenchCliffsReport {
        let runs = max(runs, 1)
        let lines = BenchOverheadReport.outcomes.count
        var rows: [NetworksRow] = []
        var capacity = 0
        let rotations = networkCounts.map { rotation(networks: max($0, 1), linesPerLoad: lines) }
        let mediators = networkCounts.map { _ in Self.mediator() }
        for (mediator, responses) in zip(mediators, rotations) {
            capacity = mediator.statistics.capacity
            // Warm up: the store holds what it will hold in the steady state before the timing starts.
            _ = try microseconds(mediator, responses, loads: responses.count)
        }
        // The counts take turns run by run, so that a machine whose load changes meanwhile weighs on each alike.
        var figures = [[Double]](repeating: [], count: networkCounts.count)
        for _ in 0..<runs {
            for index in networkCounts.indices {
                figures[index].append(try microseconds(mediators[index], rotations[index], loads: loads))
            }
        }
        for (index, count) in networkCounts.enumerated() {
            let (mediator, responses) = (mediators[index], rotations[index])
            let bytes = try BenchOverheadReport.allocationsPerLoad(loads: 200) { loads throws(BenchRunError) in
                _ = try microseconds(mediator, responses, loads: loads)
            }
            rows.append(
                NetworksRow(
                    networks: count, usPerLine: BenchOverheadReport.median(figures[index]) / Double(lines),
                    bytesAllocatedPerLine: bytes.map { $0.bytes / Double(lines) },
                    storedNetworks: mediator.statistics.count))
            progress?("bench cliffs: \(count) network names")
        }
        let bid = try auction(bidders: bidders, bids: true)
        let plain = try auction(bidders: bidders, bids: false)
        var bidFigures: [Double] = []
        var plainFigures: [Double] = []
        let bidMediator = mediator()
        let plainMediator = mediator()
        _ = try microseconds(bidMediator, [bid], loads: 10)
        _ = try microseconds(plainMediator, [plain], loads: 10)
        for _ in 0..<runs {
            plainFigures.append(try microseconds(plainMediator, [plain], loads: auctionLoads))
            bidFigures.append(try microseconds(bidMediator, [bid], loads: auctionLoads))
        }
        progress?("bench cliffs: a \(bidders)-bidder auction")
        let bidBytes = try BenchOverheadReport.allocationsPerLoad(loads: 50) { loads throws(BenchRunError) in
            _ = try microseconds(bidMediator, [bid], loads: loads)
        }
        let plainBytes = try BenchOverheadReport.allocationsPerLoad(loads: 50) { loads throws(BenchRunError) in
            _ = try microseconds(plainMediator, [plain], loads: loads)
        }
        return BenchCliffsReport(
            linesPerLoad: lines, loadsPerRun: loads, runs: runs, storeCapacity: capacity, networks: rows,
            heapBytesPerStoredNetwork: heapBytesPerStoredNetwork(),
            bidders: bidders, auctionLoadsPerRun: auctionLoads,
            usPerBidLine: BenchOverheadReport.median(bidFigures) / Double(bidders),
            usPerPlainLine: BenchOverheadReport.median(plainFigures) / Double(bidders),
            bytesAllocatedPerBidLine: bidBytes.map { $0.bytes / Double(bidders) },
            bytesAllocatedPerPlainLine: plainBytes.map { $0.bytes / Double(bidders) })
    }

    /// The loads of one rotation: load k's line j is network `(k × linesPerLoad + j) mod networks`, until the
    /// names come round again.
    static func rotation(networks: Int, linesPerLoad: Int) -> [AdResponse] {
        var period = networks
        var other = linesPerLoad
        while other != 0 { (period, other) = (other, period % other) }
        let loads = networks / period
        return (0..<loads).map { load in
            AdResponse(
                lines: BenchOverheadReport.outcomes.enumerated().map { index, outcome in
                    WaterfallLine(
                        customEventIdentifier: BenchCustomEvent.identifier, info: BenchCustomEvent.info(for: outcome),
                        timeout: outcome.timeout, networkName: "net\((load * linesPerLoad + index) % networks)",
                        price: Double(linesPerLoad - index))
                })
        }
    }

    /// A `bidders`-line response parsed from MoPub JSON: B − 1 no-fills then a fill, priced B…1; as bids (bid ID,
    /// win, loss and billing notices with macros, under `noticeBase`) or as the same lines without them.
    package static func auction(
        bidders: Int, bids: Bool, noticeBase: String = "https://tracking.example"
    ) throws(BenchRunError) -> AdResponse {
        let entries = (0..<bidders).map { index in
            let outcome = index == bidders - 1 ? "fill" : "noFill"
            let bid =
                bids
                ? """
                , "adm": "markup\(index)", "x-bid-id": "bid\(index)", "x-auction-id": "auction",
                 "x-nurl": "\(noticeBase)/win?bid=\(index)&price=${AUCTION_PRICE}",
                 "x-lurl": "\(noticeBase)/loss?bid=\(index)&reason=${AUCTION_LOSS}&min=${AUCTION_MIN_TO_WIN}",
                 "x-burl": "\(noticeBase)/bill?bid=\(index)&price=${AUCTION_PRICE}"
                """ : ""
            return """
                {"metadata": {"x-adtype": "custom", "x-custom-event-class-name": "\(BenchCustomEvent.identifier)",
                 "x-custom-event-class-data": {"benchOutcome": "\(outcome)", "benchLatencyMicroseconds": 0},
                 "x-network-name": "bidder\(index)", "x-ecpm": \(bidders - index), "x-ad-timeout-ms": 10000\(bid)}}
                """
        }
        let json =
            #"{"x-ad-unit-id": "bench", "adunit-format": "native", "ad-responses": ["#
            + entries.joined(separator: ",") + "]}"
        do {
            let response = try AdResponse.parse(json: Data(json.utf8))
            guard response.lines.count == bidders, response.hasBids == bids else {
                throw BenchRunError(strategy: "cliffs", request: 0, reason: "the auction response parsed otherwise")
            }
            return response
        } catch let error as BenchRunError {
            throw error
        } catch {
            throw BenchRunError(strategy: "cliffs", request: 0, reason: "the auction response did not parse: \(error)")
        }
    }

    /// A mediator on the production setup with its own default statistics store, pinging through `pinger`
    /// (``BenchSendingPinger`` by default).
    package static func mediator(pinger: any TrackerPinging = BenchSendingPinger()) -> Mediator {
        Mediator(
            registry: BenchCustomEvent.registry(counting: Locked(0)),
            configuration: MediatorConfiguration(
                strategy: .default, trackerPinger: pinger, imagePrecacher: NoImagePrecaching()))
    }

    /// µs per load of `loads` loads through `mediator`, taking `responses` in turn.
    package static func microseconds(
        _ mediator: Mediator, _ responses: [AdResponse], loads: Int
    ) throws(BenchRunError) -> Double {
        try BenchOverheadReport.microsecondsPerLoad(mediator, responses, loads: loads, measure: "cliffs")
    }
}
