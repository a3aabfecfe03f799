import MediationCore

extension ConformanceRun {
    /// Non-default privacy, targeting and bid markup reach the network's request as the subject declares (markup only
    /// for a custom event that loads bids: one without bidding support must refuse it, `bid-markup-refused`).
    func checkRequestForwarding() -> ConformanceCheckResult {
        let check = ConformanceCheck.requestForwarding
        guard let expectedRequest = subject.expectations.request else {
            return .skipped(check, "the subject does not declare expectations.request")
        }
        var compared = 0
        // A custom event without bidding support must refuse markup (bid-markup-refused), so it gets none here.
        let supportsBidding = makeSession().harness.makeCustomEvent().supportsBidding
        for (index, probe) in ConformanceRequestInputs.probes.enumerated() {
            var inputs = probe
            if !supportsBidding { inputs.adMarkup = nil }
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
            let situation = index == 0 ? "personal targeting allowed, with bid markup" : "child-directed, restricted"
            for (field, value) in expectedRequest(inputs).sorted(by: { $0.key < $1.key }) {
                compared += 1
                let seen = observed[field]
                guard seen == value else {
                    return .failed(
                        check,
                        "request \(index + 1) (\(situation)): '\(field)' is \(seen.map { "\"\($0)\"" } ?? "absent"),"
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
