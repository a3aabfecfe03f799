import Foundation

/// A precacher that downloads nothing and succeeds at once with no bytes; images stay unloaded and the host
/// loads them at display time.
///
/// It is never a default: a `Mediator` skips image downloads only when the host passes this precacher.
public struct NoImagePrecaching: ImagePrecaching {
    /// Creates the precacher.
    public init() {}

    /// Completes at once with no bytes.
    public func precacheImages(
        _ urls: [URL], completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void
    ) {
        completion(.success([:]))
    }
}
