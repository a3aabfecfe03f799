import Foundation
import Testing

@testable import MediationCore

/// The page cursor keeps its `x-next-url` state in a box made only when a page names one; it must still behave as
/// a value, and follow the same rules as when it held that state inline.
@Suite struct WaterfallPageCursorTests {
    private let first = URL(string: "https://ads.example/page1")!
    private let second = URL(string: "https://ads.example/page2")!
    private let third = URL(string: "https://ads.example/page3")!

    private func page(url: URL?, next: URL?) -> AdResponse {
        AdResponse(lines: [WaterfallLine(customEventIdentifier: "E")], nextURL: next, url: url)
    }

    @Test func aPageWithoutANextURLHasNothingToFollow() {
        var cursor = WaterfallPageCursor(response: page(url: first, next: nil))
        #expect(cursor.takeNext(followsNextURL: true, maximumPages: 5) == .none)
        cursor.dropNext()
        #expect(cursor.takeNext(followsNextURL: true, maximumPages: 5) == .none)
        #expect(cursor.pageCount == 1)
    }

    @Test func aCopyKeepsItsOwnNextURLWhenTheOtherTakesOrDropsIt() {
        let original = WaterfallPageCursor(response: page(url: first, next: second))
        var taker = original
        var dropper = original
        #expect(taker.takeNext(followsNextURL: true, maximumPages: 5) == .follow(second))
        dropper.dropNext()
        #expect(dropper.takeNext(followsNextURL: true, maximumPages: 5) == .none)
        var untouched = original
        #expect(untouched.takeNext(followsNextURL: true, maximumPages: 5) == .follow(second), "a value, not shared")
        #expect(taker.takeNext(followsNextURL: true, maximumPages: 5) == .none, "taken once")
    }

    @Test func pagesAreFollowedOnceEachWithinTheLimit() {
        var cursor = WaterfallPageCursor(response: page(url: first, next: second))
        #expect(cursor.takeNext(followsNextURL: true, maximumPages: 3) == .follow(second))
        #expect(cursor.pageLoaded(page(url: nil, next: first), from: second, firstLine: 1) == 1)
        #expect(cursor.pageStart == 1)
        guard case .notFollowed(let note, nil) = cursor.takeNext(followsNextURL: true, maximumPages: 3) else {
            Issue.record("the first page's URL was followed again")
            return
        }
        #expect(note.contains("already loaded in this run"))
        var copy = cursor
        #expect(copy.pageLoaded(page(url: nil, next: third), from: third, firstLine: 2) == 2)
        guard case .notFollowed(_, let limit) = copy.takeNext(followsNextURL: true, maximumPages: 3) else {
            Issue.record("a fourth page was followed past the limit of 3")
            return
        }
        #expect(limit == 3)
        #expect(cursor.pageCount == 2, "the copy's page did not count for the original")
        guard
            case .notFollowed(let same, nil) =
                WaterfallPageCursor(response: page(url: first, next: first)).takeNextFollowing()
        else {
            Issue.record("the page just loaded was followed")
            return
        }
        #expect(same.contains("the URL just loaded"))
        var withoutSource = WaterfallPageCursor(response: page(url: first, next: second))
        guard case .notFollowed(let noSource, nil) = withoutSource.takeNext(followsNextURL: false, maximumPages: 3)
        else {
            Issue.record("followed without a response source")
            return
        }
        #expect(noSource.contains("no ad response source"))
    }
}

extension WaterfallPageCursor {
    /// ``takeNext(followsNextURL:maximumPages:)`` with a source and room for 5 pages, on a copy.
    fileprivate func takeNextFollowing() -> Next {
        var copy = self
        return copy.takeNext(followsNextURL: true, maximumPages: 5)
    }
}
