import MediationCore

extension ConformanceRun {
    /// Non-default privacy, targeting and bid markup reach the network's request as the subject declares.
    func checkRequestForwarding() -> ConformanceCheckResult {
        let check = ConformanceCheck.requestForwarding
        guard let expectedRequest = subject.expectations.request else {
            return .skipped(check, "the subject does not declare expectations.request")
        }
        var compared = 0
        for (index, inputs) in ConformanceRequestInputs.probes.enumerated() {
            let session = makeSession()
            let request = ConformanceSession.Request(
                adMarkup: inputs.adMarkup, privacy: inputs.privacy, targeting: inputs.targeting)
            let load = session.startLoad(
                ConformanceScenario(.fill(nil), latency: options.networkLatency), request: request)
            let observed = withExtendedLifetime(load.customEvent) { () -> [String: String]? in
                session.manualClock.advance(by: options.networkLatency)
                session.settle()
                return session.harness.observe(nil).lastRequest
            }
            guard let observed else {
                return .skipped(check, "the network stand-in cannot observe requests (observe.lastRequest)")
            }
            let probe = index == 0 ? "personal targeting allowed, with bid markup" : "child-directed, restricted"
            for (field, value) in expectedRequest(inputs).sorted(by: { $0.key < $1.key }) {
                compared += 1
                let seen = observed[field]
                guard seen == value else {
                    return .failed(
                        check,
                        "request \(index + 1) (\(probe)): '\(field)' is \(seen.map { "\"\($0)\"" } ?? "absent"),"
                            + " declared \(value.map { "\"\($0)\"" } ?? "absent")")
                }
            }
        }
        return .passed(
            check,
            "\(compared) declared request fields matched over \(ConformanceRequestInputs.probes.count) requests"
                + " (open and restricted privacy, targeting, bid markup)")
    }
}
