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

    /// What following `x-next-url`s needs: the current page's next URL until it is taken, the current page's URL
    /// and every page URL loaded in the run. Kept in a box made only once a page names an `x-next-url`, so that a
    /// run of one page (most runs) keeps one word for it; copied before a change when a copy of the cursor shares it.
    ///
    /// `@unchecked Sendable`: a box is changed only through ``followingForChange()``, which copies it first unless
    /// this cursor holds the only reference, and a cursor is changed only by the run that owns it, under its lock.
    private final class Following: @unchecked Sendable {
        var nextURL: URL?
        var currentPageURL: URL?
        var visitedURLs: Set<URL>

        init(nextURL: URL?, currentPageURL: URL?, visitedURLs: Set<URL>) {
            self.nextURL = nextURL
            self.currentPageURL = currentPageURL
            self.visitedURLs = visitedURLs
        }

        func copy() -> Following {
            Following(nextURL: nextURL, currentPageURL: currentPageURL, visitedURLs: visitedURLs)
        }
    }

    /// `nil` until a page names an `x-next-url`.
    private var following: Following?
    /// How many pages the run has loaded.
    private(set) var pageCount = 1
    /// The first line of the current page.
    private(set) var pageStart = 0

    /// A cursor on the run's first page, `response`.
    init(response: AdResponse) {
        guard let nextURL = response.nextURL else { return }
        following = Following(
            nextURL: nextURL, currentPageURL: response.url, visitedURLs: response.url.map { [$0] } ?? [])
    }

    /// The box, made unique (copied when another copy of the cursor shares it) or made, for a change.
    private mutating func followingForChange() -> Following {
        // Checked before the box is bound to a name, which would be a second reference.
        if isKnownUniquelyReferenced(&following), let following { return following }
        let unique = following?.copy() ?? Following(nextURL: nil, currentPageURL: nil, visitedURLs: [])
        following = unique
        return unique
    }

    /// Takes the current page's `x-next-url` and decides whether to follow it: not past `maximumPages`, only when
    /// `followsNextURL` (a response source exists), never the page just loaded or one loaded earlier in the run.
    mutating func takeNext(followsNextURL: Bool, maximumPages: Int) -> Next {
        guard let url = following?.nextURL else { return .none }
        let following = followingForChange()
        following.nextURL = nil
        if pageCount >= maximumPages {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: the run already loaded \(pageCount) "
                    + "\(pageCount == 1 ? "page" : "pages"), the limit",
                pageLimit: maximumPages)
        } else if !followsNextURL {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: no ad response source", pageLimit: nil)
        } else if url == following.currentPageURL {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: it is the URL just loaded", pageLimit: nil)
        } else if following.visitedURLs.contains(url) {
            return .notFollowed(
                note: "x-next-url \(url.absoluteString) not followed: already loaded in this run", pageLimit: nil)
        }
        following.visitedURLs.insert(url)
        return .follow(url)
    }

    /// Drops the current page's `x-next-url` unfollowed (the run's deadline passed).
    mutating func dropNext() {
        guard following?.nextURL != nil else { return }
        followingForChange().nextURL = nil
    }

    /// The page `response` arrived from `url`; its first line is `firstLine`. Returns the page's number.
    mutating func pageLoaded(_ response: AdResponse, from url: URL, firstLine: Int) -> Int {
        let page = pageCount
        pageCount += 1
        let following = followingForChange()
        following.currentPageURL = url
        following.nextURL = response.nextURL
        pageStart = firstLine
        return page
    }
}
