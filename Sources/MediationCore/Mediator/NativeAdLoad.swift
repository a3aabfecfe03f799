import MediationSupport

/// One multi-ad load of a ``NativeAdLoader``: starts the runs, collects their results, delivers the batch once.
public final class NativeAdLoad: Sendable {
    private struct State {
        var started = 0
        var finished = 0
        var stopsLaunching = false
        var isComplete = false
        var results: [Int: MediationRunResult] = [:]
        var runs: [Int: MediationRun] = [:]
        var completion: (@Sendable (NativeAdBatch) -> Void)?
    }

    private let mediator: Mediator
    private let response: AdResponse
    private let count: Int
    private let maxConcurrentRuns: Int
    private let state: Locked<State>

    init(
        mediator: Mediator, response: AdResponse, count: Int, maxConcurrentRuns: Int,
        completion: @escaping @Sendable (NativeAdBatch) -> Void
    ) {
        self.mediator = mediator
        self.response = response
        self.count = count
        self.maxConcurrentRuns = maxConcurrentRuns
        state = Locked(State(completion: completion))
    }

    /// Stops starting runs and cancels those in flight; the batch is delivered with what loaded so far.
    public func cancel() {
        let runs = state.withLock { state in
            state.stopsLaunching = true
            return Array(state.runs.values)
        }
        for run in runs { run.cancel() }
        completeIfDone()
    }

    /// Whether the batch has been delivered.
    package var isComplete: Bool { state.withLock { $0.isComplete } }

    /// Starts runs while there is room.
    func launch() {
        while let index = reserveRun() {
            // The run is kept before it starts, so that a cancel at any moment reaches it: one that came meanwhile
            // ends it before any line starts.
            _ = mediator.mediate(
                response, delivery: .immediate, runID: .next(),
                willStart: { [self] run in adopt(run, as: index) },
                completion: { [self] result in finished(index, result) })
        }
        completeIfDone()
    }

    /// Keeps run `index`, made and not yet started; cancels it at once when the load was cancelled meanwhile.
    private func adopt(_ run: MediationRun, as index: Int) {
        let cancels = state.withLock { state -> Bool in
            if state.results[index] == nil { state.runs[index] = run }
            return state.stopsLaunching
        }
        if cancels { run.cancel() }
    }

    private func reserveRun() -> Int? {
        state.withLock { state in
            let inFlight = state.started - state.finished
            guard !state.stopsLaunching, state.started < count, inFlight < maxConcurrentRuns else { return nil }
            state.started += 1
            return state.started - 1
        }
    }

    private func finished(_ index: Int, _ result: MediationRunResult) {
        state.withLock { state in
            state.finished += 1
            state.results[index] = result
            state.runs[index] = nil
            switch result.error {
            // A refused ad unit (back-off, a frequency cap, pacing) refuses the next runs too.
            case .cancelled?, .rateLimited?, .frequencyCapped?, .paced?: state.stopsLaunching = true
            default: break
            }
        }
        launch()
    }

    private func completeIfDone() {
        let delivery = state.withLock { state -> ((@Sendable (NativeAdBatch) -> Void), NativeAdBatch)? in
            let noMoreRuns = state.stopsLaunching || state.started == count
            guard !state.isComplete, noMoreRuns, state.finished == state.started, let completion = state.completion
            else { return nil }
            state.isComplete = true
            state.completion = nil
            let results = state.results.keys.sorted().compactMap { state.results[$0] }
            return (completion, NativeAdBatch(ads: results.compactMap(\.ad), results: results))
        }
        if let (completion, batch) = delivery { completion(batch) }
    }
}
