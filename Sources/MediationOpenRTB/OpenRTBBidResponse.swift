import Foundation
import MediationBridge
import MediationSupport

/// A validated OpenRTB 2.6 bid response: the bids that may join the auction, the bids dropped with their JSON
/// paths, and why there is no bid when there is none.
///
/// Validation: the response's `id` must be the request's, and its `cur` the ISO 4217 code of a currency in
/// circulation (three upper-case letters; `USD` when absent); a bid for another impression, with a price that is
/// negative, not a number or out of range (`1e400`), without `adm`, or with the `id` of an earlier bid of the
/// response is dropped with its path; a response with no `seatbid` (or an `nbr`) is a no-bid with that reason.
/// Whether a bid's currency and price suit the auction is the auction's rule (docs/auction.md, "Money").
public struct OpenRTBBidResponse: Sendable, Hashable {
    /// The largest response body read, in bytes: 4 MiB.
    public static let maximumBodyBytes = 4_194_304

    /// The valid bids, in response order.
    public var bids: [OpenRTBBid]
    /// The bids and parts left out, with their paths and why.
    public var dropped: [OpenRTBDrop]
    /// The no-bid reason code (`nbr`), when the response gives one.
    public var noBidReasonCode: Int?

    /// Creates a response.
    public init(bids: [OpenRTBBid] = [], dropped: [OpenRTBDrop] = [], noBidReasonCode: Int? = nil) {
        self.bids = bids
        self.dropped = dropped
        self.noBidReasonCode = noBidReasonCode
    }

    /// Reads and validates a bid response body.
    ///
    /// - Parameters:
    ///   - data: the body.
    ///   - requestID: the bid request's ID, which the response's `id` must echo; `nil` accepts any (a response
    ///     read from a file).
    ///   - impressionIDs: the impression IDs asked for; `nil` accepts any.
    /// - Throws: ``MediationBridge/MediationError/invalidBidMarkup(path:reason:)`` naming the JSON path when the
    ///   body is not a bid response at all.
    public static func parse(data: Data, requestID: String? = nil, impressionIDs: Set<String>? = nil)
        throws(MediationError) -> OpenRTBBidResponse
    {
        guard data.count <= maximumBodyBytes else {
            throw .invalidBidMarkup(
                path: "$", reason: "a body of \(data.count) bytes, over the limit of \(maximumBodyBytes)")
        }
        var parser = JSONDocumentParser(bytes: [UInt8](data), maximumDepth: 32, maximumValues: 200_000)
        let document: JSONDocument
        do {
            document = try parser.parseDocument()
        } catch {
            throw .invalidBidMarkup(
                path: error.path, reason: "not valid JSON: \(error.reason) (byte \(error.byteOffset))")
        }
        let root = OpenRTBJSONNode(value: document.root, path: "$")
        _ = try root.object()
        let id = try root.requiredMember("id").string()
        if let requestID, id != requestID {
            throw .invalidBidMarkup(path: "$.id", reason: "the response is for request \"\(id)\", not \"\(requestID)\"")
        }
        var response = OpenRTBBidResponse()
        response.noBidReasonCode = try root.optionalInteger("nbr")
        let currency = try root.optionalString("cur") ?? "USD"
        if let refusal = CurrencyCode.refusal(of: currency) {
            throw .invalidBidMarkup(path: "$.cur", reason: refusal)
        }
        let responseBidID = try root.optionalString("bidid")
        guard let seats = root.member("seatbid") else { return response }
        // One outcome per bid ID: the path of the bid that first used each ID.
        var bidIDs: [String: String] = [:]
        for seat in try seats.elements(maximumCount: 256) {
            let seatName = try seat.optionalString("seat")
            for bid in try seat.requiredMember("bid").elements(maximumCount: 256) {
                do throws(MediationError) {
                    if let literal = document.outOfRangeNumbers[bid.path(ofMember: "price")] {
                        throw MediationError.invalidBidMarkup(
                            path: bid.path(ofMember: "price"),
                            reason: "the price \(literal.count > 40 ? String(literal.prefix(37)) + "..." : literal) "
                                + "is out of range: not a finite number")
                    }
                    var parsed = try readBid(
                        bid, currency: currency, seat: seatName, responseBidID: responseBidID, auctionID: id)
                    if let impressionIDs, !impressionIDs.contains(parsed.impressionID) {
                        response.dropped.append(
                            OpenRTBDrop(
                                path: bid.path + ".impid",
                                reason: "a bid for impression \"\(parsed.impressionID)\", which was not asked for"))
                        continue
                    }
                    if let first = bidIDs[parsed.id] {
                        response.dropped.append(
                            OpenRTBDrop(
                                path: bid.path + ".id",
                                reason: "a second bid with the ID \"\(parsed.id.terminalSafe)\" in this response (the "
                                    + "first is \(first)); each bid ID hears one outcome"))
                        continue
                    }
                    bidIDs[parsed.id] = bid.path
                    parsed.jsonPath = bid.path
                    response.bids.append(parsed)
                } catch {
                    guard case .invalidBidMarkup(let path, let reason) = error else { throw error }
                    response.dropped.append(OpenRTBDrop(path: path, reason: reason))
                }
            }
        }
        return response
    }

    private static func readBid(
        _ bid: OpenRTBJSONNode, currency: String, seat: String?, responseBidID: String?, auctionID: String
    ) throws(MediationError) -> OpenRTBBid {
        _ = try bid.object()
        let price = try bid.requiredMember("price").number()
        guard price >= 0 else {
            throw .invalidBidMarkup(path: bid.path + ".price", reason: "a negative price, \(price)")
        }
        guard let adm = bid.member("adm") else {
            throw .invalidBidMarkup(
                path: bid.path + ".adm", reason: "missing; markup fetched from nurl is not supported")
        }
        let markup = try adm.string()
        guard !markup.isEmpty else { throw .invalidBidMarkup(path: adm.path, reason: "empty") }
        var domains: [String] = []
        for domain in try bid.member("adomain")?.elements(maximumCount: 64) ?? [] {
            domains.append(try domain.string())
        }
        let expiry = try bid.optionalInteger("exp")
        if let expiry, expiry <= 0 {
            throw .invalidBidMarkup(path: bid.path + ".exp", reason: "an expiry of \(expiry) seconds")
        }
        return OpenRTBBid(
            id: try bid.requiredMember("id").string(), impressionID: try bid.requiredMember("impid").string(),
            price: price, currency: currency, adMarkup: markup, winNoticeURL: try bid.optionalString("nurl"),
            lossNoticeURL: try bid.optionalString("lurl"), billingNoticeURL: try bid.optionalString("burl"),
            expirySeconds: expiry, creativeID: try bid.optionalString("crid"), adID: try bid.optionalString("adid"),
            advertiserDomains: domains, seat: seat, responseBidID: responseBidID, auctionID: auctionID)
    }
}
