import MediationCore

extension ConformanceRun {
    /// Each required key absent, `null` or empty: the right error at once, and no network load.
    func checkMissingRequiredInfo() -> ConformanceCheckResult {
        let check = ConformanceCheck.missingRequiredInfo
        guard !subject.requiredInfoKeys.isEmpty else {
            return .skipped(check, "the subject declares no required info keys")
        }
        let variants: [(name: String, value: JSONValue?)] = [("absent", nil), ("null", .null), ("empty", .string(""))]
        for key in subject.requiredInfoKeys {
            for variant in variants {
                var values = subject.validInfo.values
                values[key] = variant.value
                if let problem = missingInfoProblem(key: key, variant: variant.name, info: CustomEventInfo(values)) {
                    return .failed(check, problem)
                }
            }
        }
        let keys = subject.requiredInfoKeys.map { "'\($0)'" }.joined(separator: ", ")
        return .passed(check, "\(keys) absent, null or empty: didFail(missing_required_info) at once, no network load")
    }

    private func missingInfoProblem(key: String, variant: String, info: CustomEventInfo) -> String? {
        let session = makeSession()
        let load = session.startLoad(.sampleFill(), info: info)
        let immediate = load.log.outcomes
        withExtendedLifetime(load.customEvent) { session.settle() }
        let attempts = session.harness.loadAttempts()
        let all = load.log.outcomes
        let situation = "with '\(key)' \(variant)"
        if attempts > 0 {
            return "\(situation) the network was asked to load (\(attempts) attempt(s)); expected no network call"
        }
        guard let first = immediate.first else {
            return "\(situation) nothing was reported from inside requestAd; expected didFail(missing_required_info)"
                + " at once (later: \(all.summary))"
        }
        guard all.count == 1 else {
            return "\(situation) \(all.count) outcomes were reported (\(all.summary)); expected one"
        }
        switch first {
        case .failed(.missingRequiredInfo(let reported)) where reported == key:
            break
        case .failed(.invalidConfiguration(let path, _)) where variant != "absent" && path.contains(key):
            break
        case .failed(let error):
            return "\(situation) reported \(error.code) (\(error)); expected missing_required_info naming '\(key)'"
        case .loaded:
            return "\(situation) reported didLoad; expected didFail(missing_required_info)"
        }
        guard load.customEvent.requiredInfoKeys.contains(key) else {
            return "the custom event's requiredInfoKeys (\(load.customEvent.requiredInfoKeys)) does not list '\(key)'"
        }
        return nil
    }
}
