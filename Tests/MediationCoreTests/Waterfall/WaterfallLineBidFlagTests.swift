import Foundation
import Testing

@testable import MediationCore

/// Every load asks whether its response has bids. A line keeps whether it carries a bid as the bid is set, cleared
/// or changed in place, so the answer is a flag per line and always the same as looking at the bids.
@Suite struct WaterfallLineBidFlagTests {
    @Test func theFlagFollowsTheBidHoweverItIsSet() {
        var line = WaterfallLine(customEventIdentifier: "A", adMarkup: "<markup>", price: 2)
        #expect(!line.isBid && !line.isRunnableBid)
        line.bid = AuctionBid(bidID: "b1")
        #expect(line.isBid && line.isRunnableBid)
        line.bid?.nextPriceInOrder = 1.5
        #expect(line.isBid, "a bid changed in place is still a bid")
        line.bid = nil
        #expect(!line.isBid && !line.isRunnableBid)
        var copy = line
        copy.bid = AuctionBid()
        #expect(copy.isBid && !line.isBid, "a copy keeps its own flag")
    }

    @Test func hasBidsIsTheSameAsLookingAtTheBids() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var response = AdResponse(
                lines: (0..<Int.random(in: 0...6, using: &random)).map {
                    WaterfallLine(customEventIdentifier: "L\($0)")
                })
            for index in response.lines.indices where Bool.random(using: &random) {
                response.lines[index].bid = AuctionBid(bidID: "\(index)")
                if Bool.random(using: &random) { response.lines[index].bid = nil }
            }
            #expect(response.hasBids == response.lines.contains { $0.bid != nil })
        }
    }
}
