import Foundation
import MediationCore
import MediationSupport

extension DemoCommand.AuctionOutcome {
    /// The `auction` object of `demo --auction --json`.
    var report: DemoAuctionReport {
        DemoAuctionReport(
            record: outcome.result.trace.auction, signals: signals.records, signalsMs: signalsTook.wholeMilliseconds,
            notices: notices, requests: outcome.result.trace.requests, revenue: revenue)
    }

    /// The text report: the signals, the auction order, the trace, the notices and the revenue. Every value from
    /// the ad response, a bid or a network (seat, network, custom event, currency, URLs) is made terminal-safe.
    func textReport(strategy: MediationStrategy, origin: String) -> String {
        let report = report
        var lines = [
            "mediation demo --auction: \(origin.terminalSafe), strategy \(strategy)", "",
            "bid signals (collected in parallel before the request, \(signalsTook.wholeMilliseconds)ms):",
        ]
        lines += DemoCommand.columns(
            ["NETWORK", "CUSTOM EVENT", "RESULT", "MS", "DETAIL"],
            report.signals.map {
                [$0.network, $0.customEvent, $0.result, $0.ms.map(String.init) ?? "-", $0.detail ?? ""].map(
                    \.terminalSafe)
            }
        ).map { "  " + $0 }
        let floor = report.floor.map { ", floor \($0)\(report.currency.map { " \($0.terminalSafe)" } ?? "")" } ?? ""
        lines += ["", "auction order (\(report.rule)\(floor)):"]
        lines += DemoCommand.columns(
            ["PLACE", "LINE", "KIND", "NETWORK", "PRICE", "RESULT", "LOSS"],
            report.order.map { entry in
                [
                    "\(entry.place)", entry.line.map(String.init) ?? "-", entry.kind, entry.network,
                    entry.price.map { "\($0) \(entry.currency)" } ?? "-", entry.result,
                    entry.lossReason.map { "\($0) \(entry.lossReasonName ?? "")" } ?? "",
                ].map(\.terminalSafe)
            }
        ).map { "  " + $0 }
        lines += ["", outcome.result.trace.table(), "", "requests (\(report.requests.count)):"]
        lines += DemoCommand.columns(
            ["REQUEST", "METHOD", "STATUS", "BYTES", "MS", "OUTCOME", "URL"],
            report.requests.map { request -> [String] in
                let status: String = request.status.map { "\($0)" } ?? "-"
                let bytes: String = request.bytes.map { "\($0)" } ?? "-"
                let ms: String = request.ms.map { "\($0)" } ?? "-"
                let cells: [String] = [request.kind, request.method, status, bytes, ms, request.outcome, request.url]
                return cells.map(\.terminalSafe)
            }
        ).map { "  " + $0 }
        for request in report.requests where !request.sent.isEmpty {
            lines.append("  sent in the bid request to \(request.url.terminalSafe):")
            lines += request.sent.map { "    \($0.name.terminalSafe) \($0.value.terminalSafe)" }
        }
        lines += ["", "notices fired (\(report.notices.count)):"]
        for notice in report.notices {
            let kind = notice.kind.padding(toLength: 8, withPad: " ", startingAt: 0)
            let at: String = notice.atMs.map { "\($0)ms" } ?? "-"
            lines.append("  \(kind)\(at.padding(toLength: 8, withPad: " ", startingAt: 0))\(notice.url.terminalSafe)")
        }
        lines.append("")
        if let revenue = report.revenue {
            lines.append(
                "revenue at the first impression: \(revenue.value) \(revenue.currency.terminalSafe) "
                    + "(\(revenue.precision)) from \(revenue.network.terminalSafe)")
        } else {
            lines.append("revenue: none (\(noRevenueReason(report)))")
        }
        return lines.joined(separator: "\n")
    }

    /// Why the run reported no revenue: no ad, a winner without a price (or whose price did not count, out of
    /// range, as its auction entry says), or a network that reports its revenue itself.
    private func noRevenueReason(_ report: DemoAuctionReport) -> String {
        guard let ad = outcome.result.ad else { return "no ad" }
        guard ad.source.price == nil else { return "the winning network reports its revenue itself" }
        if let winner = report.order.first(where: { $0.result == "won" }), winner.price != nil,
            let detail = winner.detail
        {
            return "the winning line runs without its price: \(detail.terminalSafe)"
        }
        return "the winning line has no price"
    }
}

extension DemoCommand {
    /// `rows` under `header` in left-aligned columns two spaces apart.
    static func columns(_ header: [String], _ rows: [[String]]) -> [String] {
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }.joined()
        }
    }
}

/// The `auction` object of `mediation demo --auction --json`.
struct DemoAuctionReport: Encodable {
    struct Entry: Encodable {
        var place: Int
        var line: Int?
        var kind: String
        var network: String
        var customEvent: String
        var price: Double?
        var currency: String
        var bidID: String?
        var result: String
        var lossReason: Int?
        var lossReasonName: String?
        var detail: String?
    }

    struct Signal: Encodable {
        var network: String
        var customEvent: String
        var result: String
        var ms: Int64?
        var detail: String?
    }

    /// One notice as the pinger got it: the URL with its macros expanded, when (from the run's start) and how it
    /// went.
    struct Notice: Encodable {
        var kind: String
        var line: Int?
        var url: String
        var atMs: Int64?
        var result: String
    }

    /// One HTTP request the load made before its run (``WireRecord``).
    struct Request: Encodable {
        var kind: String
        var method: String
        var url: String
        var status: Int?
        var bytes: Int?
        var ms: Int64?
        var outcome: String
        var sent: [WireRecord.Field]

        init(_ record: WireRecord) {
            kind = record.kind.rawValue
            method = record.method
            url = record.url
            status = record.status
            bytes = record.responseBytes
            ms = record.duration?.wholeMilliseconds
            outcome = record.outcome
            sent = record.sent
        }
    }

    struct Revenue: Encodable {
        var value: Decimal
        var currency: String
        var precision: String
        var network: String
    }

    var rule: String
    var floor: Double?
    /// The auction's currency: the floor's, and the one every price was compared in.
    var currency: String?
    /// How long the bid signal collection took; absent for a run that collected none (in-stream).
    var signalsMs: Int64?
    var order: [Entry]
    var signals: [Signal]
    var notices: [Notice]
    /// The ad request and the bid requests, as they went on the wire; empty for a bundled response and bid.
    var requests: [Request]
    var revenue: Revenue?
}

extension DemoAuctionReport {
    /// The report of auction `record` (none: the server's order, nothing else), with the signals collected before
    /// the request, the win, loss and billing `notices` the pinger got in order, the requests on the wire and the
    /// winner's revenue.
    init(
        record: AuctionRecord?, signals: [BidSignalRecord], signalsMs: Int64?, notices: [MediationInspection.Tracker],
        requests: [WireRecord], revenue: AdRevenue?
    ) {
        self.init(
            rule: record?.rule.rawValue ?? AuctionOrderRule.serverOrder.rawValue,
            floor: record?.floor,
            currency: record?.currencyCode,
            signalsMs: signalsMs,
            order: (record?.order ?? []).map { entry in
                Entry(
                    place: entry.place, line: entry.line, kind: entry.kind.rawValue, network: entry.network,
                    customEvent: entry.customEvent, price: entry.price, currency: entry.currencyCode,
                    bidID: entry.bidID, result: entry.result, lossReason: entry.lossReason?.rawValue,
                    lossReasonName: entry.lossReason?.name, detail: entry.detail)
            },
            signals: signals.map { record in
                Signal(
                    network: record.network, customEvent: record.customEvent, result: record.result.rawValue,
                    ms: record.took?.wholeMilliseconds, detail: record.detail)
            },
            notices: zip(notices, Self.noticeLines(notices, record: record)).map { ping, line in
                Notice(
                    kind: ping.event.rawValue, line: line, url: ping.url.absoluteString,
                    atMs: ping.at?.wholeMilliseconds, result: ping.result)
            },
            requests: requests.map(Request.init),
            revenue: revenue.map { revenue in
                Revenue(
                    value: revenue.value, currency: revenue.currencyCode, precision: revenue.precision.rawValue,
                    network: revenue.networkName)
            })
    }

    /// The line of each of `notices`, from the auction record's notice it is (a billing notice by order: its
    /// `${AUCTION_IMP_TS}` was filled at the impression).
    private static func noticeLines(_ notices: [MediationInspection.Tracker], record: AuctionRecord?) -> [Int?] {
        var billing = (record?.notices ?? []).filter { $0.kind == .billing }.makeIterator()
        return notices.map { ping in
            if ping.event == .billing { return billing.next()?.line }
            return record?.notices.first { $0.kind.pingEvent == ping.event && $0.url == ping.url }?.line
        }
    }
}
