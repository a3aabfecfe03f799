import Foundation
import MediationCore

extension DemoCommand.AuctionOutcome {
    /// The `auction` object of `demo --auction --json`.
    var report: DemoAuctionReport {
        let record = outcome.result.trace.auction
        return DemoAuctionReport(
            rule: record?.rule.rawValue ?? AuctionOrderRule.serverOrder.rawValue,
            floor: record?.floor,
            currency: record?.currencyCode,
            signalsMs: signalsTook.wholeMilliseconds,
            order: (record?.order ?? []).map { entry in
                DemoAuctionReport.Entry(
                    place: entry.place, line: entry.line, kind: entry.kind.rawValue, network: entry.network,
                    customEvent: entry.customEvent, price: entry.price, currency: entry.currencyCode,
                    bidID: entry.bidID, result: entry.result, lossReason: entry.lossReason?.rawValue,
                    lossReasonName: entry.lossReason?.name, detail: entry.detail)
            },
            signals: signals.records.map { record in
                DemoAuctionReport.Signal(
                    network: record.network, customEvent: record.customEvent, result: record.result.rawValue,
                    ms: record.took?.wholeMilliseconds, detail: record.detail)
            },
            notices: notices.map { ping in
                let line = record?.notices.first { $0.url == ping.url }?.line
                return DemoAuctionReport.Notice(kind: ping.event.rawValue, line: line, url: ping.url.absoluteString)
            },
            revenue: revenue.map { revenue in
                DemoAuctionReport.Revenue(
                    value: revenue.value, currency: revenue.currencyCode, precision: revenue.precision.rawValue,
                    network: revenue.networkName)
            })
    }

    /// The text report: the signals, the auction order, the trace, the notices and the revenue. Every value from
    /// the ad response, a bid or a network (seat, network, custom event, currency, URLs) is made terminal-safe.
    func textReport(strategy: MediationStrategy, origin: String) -> String {
        let report = report
        var lines = [
            "mediation demo --auction: \(origin.terminalSafe), strategy \(strategy)", "",
            "bid signals (collected in parallel before the request, \(report.signalsMs)ms):",
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
        lines += ["", outcome.result.trace.table(), "", "notices fired (\(report.notices.count)):"]
        lines += report.notices.map {
            "  \($0.kind.padding(toLength: 8, withPad: " ", startingAt: 0))\($0.url.terminalSafe)"
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

    struct Notice: Encodable {
        var kind: String
        var line: Int?
        var url: String
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
    var signalsMs: Int64
    var order: [Entry]
    var signals: [Signal]
    var notices: [Notice]
    var revenue: Revenue?
}
