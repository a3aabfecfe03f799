import Foundation

/// Fetches the document a wrapper's `VASTAdTagURI` names, for ``VASTWrapperResolver``.
///
/// Conformers fetch `url` within `timeout` and at most `maxBytes` bytes, and throw a ``VASTLoadFailure``
/// otherwise; they never retry on their own (the resolver decides). `MediationVASTNetworking`'s
/// `HTTPVASTDocumentLoader` is the production conformer; tests pass a stub.
public protocol VASTDocumentLoading: Sendable {
    /// The body at `url`, fetched within `timeout` and `maxBytes`.
    func loadDocument(at url: URL, timeout: Duration, maxBytes: Int) async throws(VASTLoadFailure) -> Data
}
