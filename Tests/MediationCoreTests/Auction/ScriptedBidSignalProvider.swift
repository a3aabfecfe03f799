import Foundation
import MediationCore
import MediationSupport
import MediationTesting

/// A bid signal provider that answers as scripted: after a delay on the clock, once, twice, with an error or
/// never.
final class ScriptedBidSignalProvider: BidSignalProvider {
    enum Answer: Sendable {
        case signal(String, after: Duration)
        case failure(MediationError, after: Duration)
        case twice(String, String, after: Duration)
        case never
    }

    let customEventIdentifier: String
    let networkName: String
    let supportsChildDirectedTraffic: Bool
    let requiresMainThread: Bool
    private let answer: Answer
    private let clock: MediationClock
    let asked = Locked<[BidSignalRequest]>([])
    let askedOnMainThread = Locked<[Bool]>([])

    /// Set on the main queue, so that a provider can tell it runs there (on Linux the main queue's work may run on
    /// any thread, so `Thread.isMainThread` cannot tell).
    static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    init(
        _ identifier: String, _ answer: Answer, clock: MediationClock, supportsChildDirectedTraffic: Bool = true,
        requiresMainThread: Bool = false
    ) {
        customEventIdentifier = identifier
        networkName = "Net-\(identifier)"
        self.answer = answer
        self.clock = clock
        self.supportsChildDirectedTraffic = supportsChildDirectedTraffic
        self.requiresMainThread = requiresMainThread
        _ = Self.mainQueueKey
    }

    func collectSignal(
        for request: BidSignalRequest, completion: @escaping @Sendable (Result<String, MediationError>) -> Void
    ) {
        asked.withLock { $0.append(request) }
        askedOnMainThread.withLock { $0.append(DispatchQueue.getSpecific(key: Self.mainQueueKey) == true) }
        switch answer {
        case .signal(let signal, let delay):
            answerAfter(delay) { completion(.success(signal)) }
        case .failure(let error, let delay):
            answerAfter(delay) { completion(.failure(error)) }
        case .twice(let first, let second, let delay):
            answerAfter(delay) {
                completion(.success(first))
                completion(.success(second))
            }
        case .never:
            break
        }
    }

    private func answerAfter(_ delay: Duration, _ action: @escaping @Sendable () -> Void) {
        if delay == .zero {
            action()
        } else {
            _ = clock.schedule(after: delay, action)
        }
    }
}
