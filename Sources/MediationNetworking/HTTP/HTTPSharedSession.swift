import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one URLSession every ``HTTPFetcher`` of the process sends through, with the delegate that tracks its
/// transfers. It is made on first use and lives as long as the process: it is never invalidated.
///
/// - A session per fetcher would be torn down with its fetcher. On Linux, FoundationNetworking tears a session
///   down (its libcurl multi handle, its sockets' dispatch sources) on whichever thread lets go of it last, a
///   teardown with known races upstream (swift-corelibs-foundation issue 4791) and `try!` calls that trap. One
///   session that is never let go of is never torn down.
/// - Every fetcher keeps its own limit of requests on the wire and its own waiting line; the session's per-host
///   connection limit (``maximumConnectionsPerHost``) is far above what the fetchers of one process send to one
///   host together, so the session never queues what a fetcher has sent, whose timeout already runs.
/// - Task identifiers are unique within a session, so one ``HTTPTransferTable`` tracks every fetcher's transfers.
final class HTTPSharedSession: Sendable {
    /// The process's session, made on first use.
    static let shared = HTTPSharedSession()

    /// The most connections the session opens to one host (a host and port). Fetchers limit their own
    /// requests on the wire (the shared fetcher 16, a tracker pinger 6, an image precacher 4 by default); the
    /// session must never hold back a request a fetcher has sent.
    static let maximumConnectionsPerHost = 256

    /// The session: ephemeral, with no cookies and no cache.
    let session: URLSession

    /// The session's delegate, which tracks each task until it completes once.
    let transfers = HTTPTransferTable()

    private init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpMaximumConnectionsPerHost = Self.maximumConnectionsPerHost
        // On Linux the delegate runs in place, inside libcurl's callbacks, so that a body is checked against its
        // cap piece by piece as it is read, and nothing waits in a queue (`HTTPInlineDelegateQueue`).
        #if canImport(FoundationNetworking)
            let delegateQueue: OperationQueue? = HTTPInlineDelegateQueue()
        #else
            let delegateQueue: OperationQueue? = nil
        #endif
        session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: delegateQueue)
    }
}
