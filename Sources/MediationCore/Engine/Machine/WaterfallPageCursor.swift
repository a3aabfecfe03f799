import Foundation

/// Where a run is among its `x-next-url` pages, as a value: the page to follow next, the pages loaded, and the
/// first line of the current page.
///
/// Part of ``WaterfallRunMachine``, which asks it whether to follow the page's `x-next-url` once every line of the
/// page ended.
struct WaterfallPageCursor: Sendable {
    /// What to do with the `x-next-url` once every line of the page ended.
    enum Next: Equatable {
        /// There is none.
        case none
        /// It is not followed, for the reason in the note; `pageLimit` when the run's page cap stopped it.
        case notFollowed(note: String, pageLimit: Int?)
        /// Load it.
        case follow(URL)
    }

    /// The current page's `x-next-url`, until it is taken.
    private var nextURL: URL?
    /// The current page's URL, if known.
    private var currentPageURL: URL?
    /// Every page URL loaded in the run (once a page names an `x-next-url`).
    private var visitedURLs: Set<URL> = []
    /// How many pages the run has loaded.
    private(set) var pageCount = 1
    /// The first line of the current page.
    private(set) var pageStart = 0

    /// A cursor on the run's first page, `response`.
    init(response: AdResponse) {
        guard let nextURL = response.nextURL else { return }
        self.nextURL = nextURL
        currentPageURL = response.url
        visitedURLs = response.url.map { [$0] } ?? []
    }

    /// Takes the current page's `x-next-url` and decides whether to follow it: not past `maximumPages`, only when
    /// `followsNextURL` (a response source exists), never the page just loaded or one loaded earlier in the run.
    mutating func takeNext(followsNextURL: Bool, maximumPages: Int) -> Next {
        guard let url = nextURL else { return .none }
        nextURL = nil
        if pageCount >= maximumPages {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: the run already loaded \(pageCount) "
                    + "\(pageCount == 1 ? "page" : "pages"), the limit",
                pageLimit: maximumPages)
        } else if !followsNextURL {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: no ad response source", pageLimit: nil)
        } else if url == currentPageURL {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: it is the URL just loaded", pageLimit: nil)
        } else if visitedURLs.contains(url) {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: already loaded in this run", pageLimit: nil)
        }
        visitedURLs.insert(url)
        return .follow(url)
    }

    /// Drops the current page's `x-next-url` unfollowed (the run's deadline passed).
    mutating func dropNext() {
        nextURL = nil
    }

    /// The page `response` arrived from `url`; its first line is `firstLine`. Returns the page's number.
    mutating func pageLoaded(_ response: AdResponse, from url: URL, firstLine: Int) -> Int {
        let page = pageCount
        pageCount += 1
        currentPageURL = url
        nextURL = response.nextURL
        pageStart = firstLine
        return page
    }
}
