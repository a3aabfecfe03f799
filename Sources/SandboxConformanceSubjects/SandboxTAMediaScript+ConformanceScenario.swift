import MediationConformance
import NetworkSandbox

extension SandboxTAMediaScript {
    /// The script that makes the sandbox TAMedia network behave as `scenario` says.
    ///
    /// - `.fill(nil)`: ``SandboxTAMediaSamples/content(seed:)``.
    /// - `.fill(properties)`: content carrying `properties` (see ``SandboxTAMediaSamples/content(carrying:)``).
    /// - `.generated(ad)`: the generated raw values on the network's fields (see the `generated:` content).
    /// - `.noFill`: TAMedia's no-fill error; `.error(code:message:)`: that code and message in TAMedia's domain;
    ///   `.never`: no answer.
    /// - Latency and thread: ``SandboxBehavior/init(_:)``.
    public init(_ scenario: ConformanceScenario, sampleSeed: UInt64 = 1) {
        let behavior = SandboxBehavior(scenario)
        switch scenario.answer {
        case .fill(nil):
            self = .fill(SandboxTAMediaSamples.content(seed: sampleSeed), behavior: behavior)
        case .fill(let properties?):
            self = .fill(SandboxTAMediaSamples.content(carrying: properties), behavior: behavior)
        case .generated(let generated):
            self = .fill(SandboxTAMediaSamples.content(generated: generated), behavior: behavior)
        case .noFill:
            self = .noFill(behavior: behavior)
        case .error(let code, let message):
            self = .error(code: code, message: message, behavior: behavior)
        case .never:
            self = Self(.never, behavior: behavior)
        }
    }
}
