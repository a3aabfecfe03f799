import Foundation
import MediationBridge
import MediationCore
import MediationOpenRTB
import MediationOpenRTBBidding
import Testing

/// `OpenRTBBid.auctionLine(nativeRequest:timeout:)` defaults to a waterfall line's default timeout.
@Suite struct AuctionLineDefaultsTests {
    @Test func aBidsLineTakesAWaterfallLinesDefaultTimeout() throws {
        let body = BidResponseTests.response(
            bids: #"{"id":"b1","impid":"1","price":1.75,"adm":"\#(BidResponseTests.adm)"}"#)
        let response = try OpenRTBBidResponse.parse(data: body, requestID: "req-1", impressionIDs: ["1"])
        let bid = try #require(response.bids.first)
        #expect(bid.auctionLine().timeout == WaterfallLine.defaultTimeout)
    }
}
