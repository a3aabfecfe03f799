import Foundation
import Testing

@testable import MediationCore

/// A line keeps its bid by reference (`WaterfallLine.bid`): the line must still behave as a value.
@Suite struct WaterfallLineBidTests {
    @Test func changingACopysBidLeavesTheOriginalAlone() throws {
        let original = try AuctionFixture.bid("a", price: 2)
        var copy = original
        copy.bid?.nextPriceInOrder = 1.5
        copy.bid?.bidID = "other"
        #expect(original.bid?.nextPriceInOrder == nil)
        #expect(original.bid?.bidID == "bid-a")
        #expect(copy.bid?.nextPriceInOrder == 1.5)
        #expect(copy.bid?.bidID == "other")
        #expect(copy != original)
    }

    @Test func linesWithEqualBidsAreEqualAndHashAlike() throws {
        // Two lines built apart hold their bids in different storage.
        let first = try AuctionFixture.bid("a", price: 2)
        let second = try AuctionFixture.bid("a", price: 2)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        let other = try AuctionFixture.bid("a", price: 2, bidID: "bid-b")
        #expect(first != other)
    }

    @Test func removingTheBidMakesAPlainLine() throws {
        var line = try AuctionFixture.bid("a", price: 2)
        #expect(line.isBid)
        line.bid = nil
        #expect(!line.isBid)
        #expect(line == WaterfallLine(customEventIdentifier: "a", adMarkup: "markup", price: 2))
    }
}
