import MediationConformance
import MediationCore
import NetworkSandbox

extension SandboxStartupScript {
    /// The sandbox start-up the start-up kit's `scenario` asks for, failing with `failure`.
    public init(_ scenario: NetworkStartupScenario, failure: NetworkErrorInfo) {
        switch scenario {
        case .starts(let latency): self = .slow(latency)
        case .fails(let latency): self = .fails(failure, after: latency)
        case .neverAnswers: self = .neverAnswers
        }
    }
}
