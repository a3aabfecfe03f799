import Foundation
import MediationCore

/// Collects the downloads of one `precacheImages` call and completes it once: with every image, or with the
/// first failure.
final class ImageDownloadGroup: Sendable {
    private struct State {
        var remaining: Int
        var images: [URL: Data] = [:]
        var completion: (@Sendable (Result<[URL: Data], MediationError>) -> Void)?
    }

    private let state: Locked<State>

    /// Creates a group waiting for `count` images.
    init(expecting count: Int, completion: @escaping @Sendable (Result<[URL: Data], MediationError>) -> Void) {
        state = Locked(State(remaining: count, completion: completion))
    }

    /// Records the answer for `url`; completes the group on the first failure or the last success.
    func receive(_ result: Result<Data, MediationError>, for url: URL) {
        let (completion, outcome) = state.withLock {
            state -> ((@Sendable (Result<[URL: Data], MediationError>) -> Void)?, Result<[URL: Data], MediationError>?)
            in
            guard let completion = state.completion else { return (nil, nil) }
            switch result {
            case .failure(let error):
                state.completion = nil
                return (completion, .failure(error))
            case .success(let data):
                state.images[url] = data
                state.remaining -= 1
                guard state.remaining == 0 else { return (nil, nil) }
                state.completion = nil
                return (completion, .success(state.images))
            }
        }
        if let completion, let outcome { completion(outcome) }
    }
}
