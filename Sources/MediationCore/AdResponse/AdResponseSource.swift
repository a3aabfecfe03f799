import Foundation

/// Loads ad responses by URL: the engine uses it to follow `x-next-url` when every line of a page failed.
///
/// Rules for conformers:
/// - Call `completion` exactly once, from any thread, possibly synchronously from inside the call.
/// - Report a page that cannot be loaded or parsed as a ``MediationError`` (for a parse failure, the first
///   ``AdResponseParsingError`` error), never by crashing or staying silent. The engine gives up on a page
///   after 10 seconds anyway.
/// - Set the returned response's ``AdResponse/url`` to the URL loaded.
///
/// The HTTP version lives in MediationNetworking; tests use MediationTesting's in-memory source.
public protocol AdResponseSource: Sendable {
    /// Loads and parses the ad response at `url`.
    func fetchAdResponse(from url: URL, completion: @escaping @Sendable (Result<AdResponse, MediationError>) -> Void)
}
