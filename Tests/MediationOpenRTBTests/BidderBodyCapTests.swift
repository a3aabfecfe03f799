import Foundation
import MediationBridge
import MediationOpenRTB
import MediationOpenRTBBidding
import Testing

/// The bidder's 4 MiB body cap on a bid response that announces no `Content-Length`: the outcome is no bid,
/// naming the cap.
@Suite struct BidderBodyCapTests {
    @Test(arguments: ["chunked", "close"])
    func aBidResponseWithoutContentLengthPastTheCapIsNoBidNamingTheCap(framing: String) async throws {
        try await BidderServer.run { server in
            let outcome = await BidderLoopbackTests.bidder(
                server.url("/huge?framing=\(framing)"), timeoutMilliseconds: 30_000
            ).requestBids(privacy: .unrestricted)
            #expect(outcome.bids.isEmpty)
            #expect(outcome.noBidReason == "the body is larger than the 4194304-byte cap")
            #expect(OpenRTBBidResponse.maximumBodyBytes == 4_194_304)
        }
    }
}
