import MediationConformance
import NetworkSandbox

extension SandboxGoogleScript {
    /// The script that makes the sandbox Google network behave as `scenario` says.
    ///
    /// - `.fill(nil)`: Google's sample format ad ``SandboxGoogleAdContent/sample(seed:formatID:)``.
    /// - `.fill(properties)`: an ad of the sample format carrying `properties` as far as a custom format can (see
    ///   ``SandboxGoogleAdContent/init(properties:formatID:)``).
    /// - `.generated(ad)`: the generated raw values on the network's fields (see the `generated:` content).
    /// - `.noFill`: the SDK's `GADErrorNoFill`; `.error(code:message:)`: that code and message in the SDK's domain;
    ///   `.never`: no answer.
    /// - Latency and thread: ``SandboxBehavior/init(_:)``.
    public init(_ scenario: ConformanceScenario, sampleSeed: UInt64 = 1) {
        let behavior = SandboxBehavior(scenario)
        switch scenario.answer {
        case .fill(nil):
            self = .fill(.sample(seed: sampleSeed), behavior: behavior)
        case .fill(let properties?):
            self = .fill(SandboxGoogleAdContent(properties: properties), behavior: behavior)
        case .generated(let generated):
            self = .fill(SandboxGoogleAdContent(generated: generated), behavior: behavior)
        case .noFill:
            self = .noFill(behavior: behavior)
        case .error(let code, let message):
            self = .error(code: code, message: message, behavior: behavior)
        case .never:
            self = Self(.never, behavior: behavior)
        }
    }
}
