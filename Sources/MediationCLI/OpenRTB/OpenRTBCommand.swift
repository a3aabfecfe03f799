import Foundation
import MediationCore
import MediationOpenRTB
import MediationSupport

/// `mediation openrtb FILE|- [--json]`: maps OpenRTB Native markup, or every bid of an OpenRTB bid response, onto
/// the unified ad and prints each bid's price, keys, trackers, click URL and drops, or its errors with their JSON
/// paths. Exit status 0 when at least one bid maps, 1 when none does, 2 on bad usage.
enum OpenRTBCommand {
    static let usage = """
        usage: mediation openrtb FILE|- [--json]

        Reads an OpenRTB Native markup document (1.0 '{"native": …}' or 1.1+), a whole OpenRTB 2.x bid response or
        one bid object ('-' reads standard input) and prints, for each bid, its price and the unified ad its markup maps to: the
        keys, impression and click trackers (auction macros expanded with the bid's own values), the click URL,
        and what was dropped and why; or the errors with their JSON paths.
          --json   print {"bids": [{"id", "price", "properties", "impressionTrackers", "clickTrackers",
                   "clickURL", "dropped", "errors"}], "errors": [...]}
        Exit status: 0 when at least one bid maps, 1 when none does, 2 bad usage.
        """

    /// The most bytes read: a bid response's cap.
    static let maximumBytes = OpenRTBBidResponse.maximumBodyBytes

    /// One bid's result.
    struct BidReport {
        var id: String?
        var price: Double?
        var currency: String?
        var mapping: OpenRTBNativeAdMapping?
        var dropped: [OpenRTBDrop]
        var errors: [OpenRTBDrop]
    }

    static func run(
        _ arguments: [String],
        standardInput: () -> Data = { BoundedFileRead.read(FileHandle.standardInput, limit: maximumBytes) }
    ) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        let json = arguments.contains("--json")
        let files = arguments.filter { $0 != "--json" }
        guard files.count == 1, let path = files.first, path == "-" || !path.hasPrefix("-") else {
            printError("mediation openrtb: expected exactly one FILE\n\n\(usage)")
            return 2
        }
        let data: Data
        do throws(BoundedFileRead.Failure) {
            data = path == "-" ? standardInput() : try BoundedFileRead.read(path, limit: maximumBytes)
        } catch {
            printError("mediation openrtb: cannot read \(path.terminalSafe): \(error.reason)")
            return 1
        }
        let (bids, errors) = reports(for: data)
        print(json ? jsonText(bids: bids, errors: errors) : text(bids: bids, errors: errors))
        return bids.contains { $0.mapping != nil } ? 0 : 1
    }

    /// Each bid's report, and the document's own errors.
    static func reports(for data: Data) -> (bids: [BidReport], errors: [OpenRTBDrop]) {
        var data = data
        let isBidResponse: Bool
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["adm"] != nil,
            object["seatbid"] == nil
        {
            // One bid object on its own (as Prebid's fixtures hold them): read it as a response of that one bid.
            data = Data(#"{"id":"-","seatbid":[{"bid":["#.utf8) + data + Data("]}]}".utf8)
            isBidResponse = true
        } else if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            isBidResponse =
                object["seatbid"] != nil || (object["id"] != nil && object["link"] == nil && object["native"] == nil)
        } else {
            isBidResponse = false
        }
        guard isBidResponse else {
            return ([report(id: nil, price: nil, currency: nil, markup: data, macros: AuctionMacroValues())], [])
        }
        let response: OpenRTBBidResponse
        do {
            response = try OpenRTBBidResponse.parse(data: data)
        } catch {
            return ([], [drop(error)])
        }
        var reports = response.bids.map { bid in
            report(
                id: bid.id, price: bid.price, currency: bid.currency, markup: Data(bid.adMarkup.utf8),
                macros: bid.macroValues())
        }
        for dropped in response.dropped {
            reports.append(BidReport(dropped: [], errors: [dropped]))
        }
        let errors =
            response.bids.isEmpty && response.dropped.isEmpty
            ? [
                OpenRTBDrop(
                    path: "$.seatbid", reason: response.noBidReasonCode.map { "no bid (nbr \($0))" } ?? "no bid")
            ]
            : []
        return (reports, errors)
    }

    private static func report(id: String?, price: Double?, currency: String?, markup: Data, macros: AuctionMacroValues)
        -> BidReport
    {
        do {
            let mapping = try OpenRTBNativeAdMapper(macroValues: macros).map(data: markup)
            return BidReport(
                id: id, price: price, currency: currency, mapping: mapping, dropped: mapping.dropped, errors: [])
        } catch {
            return BidReport(id: id, price: price, currency: currency, dropped: [], errors: [drop(error)])
        }
    }

    private static func drop(_ error: MediationError) -> OpenRTBDrop {
        if case .invalidBidMarkup(let path, let reason) = error { return OpenRTBDrop(path: path, reason: reason) }
        return OpenRTBDrop(path: "$", reason: error.description)
    }
}

extension OpenRTBCommand.BidReport {
    init(dropped: [OpenRTBDrop], errors: [OpenRTBDrop]) {
        self.init(id: nil, price: nil, currency: nil, mapping: nil, dropped: dropped, errors: errors)
    }
}
