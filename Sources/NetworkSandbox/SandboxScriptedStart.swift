import MediationBridge
import MediationSupport

/// The start-up every sandbox SDK shares: it answers as its ``SandboxStartupScript`` says on its clock, counts the
/// starts and remembers whether one reported the SDK ready. A sandbox SDK keeps one and adds its own settings.
package final class SandboxScriptedStart: Sendable {
    private struct State {
        var script: SandboxStartupScript
        var startCount = 0
        var isStarted = false
    }

    private let clock: MediationClock
    private let state: Locked<State>

    /// A start-up answering `script` on `clock`.
    package init(script: SandboxStartupScript, clock: MediationClock) {
        self.clock = clock
        state = Locked(State(script: script))
    }

    /// How the next start answers.
    package var script: SandboxStartupScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    /// How many times ``start(completion:)`` was called.
    package var startCount: Int { state.withLock { $0.startCount } }

    /// Whether a start reported the SDK ready.
    package var isStarted: Bool { state.withLock { $0.isStarted } }

    /// Counts the start and answers as scripted.
    package func start(completion: @escaping @Sendable (NetworkErrorInfo?) -> Void) {
        let script = state.withLock { state in
            state.startCount += 1
            return state.script
        }
        script.run(on: clock) { [state] error in
            if error == nil { state.withLock { $0.isStarted = true } }
            completion(error)
        }
    }
}
