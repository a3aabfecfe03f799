import MediationCore

extension ConformanceRun {
    /// Both versions non-empty, each reported in under the limit (fastest of three calls).
    func checkVersionsReported() -> ConformanceCheckResult {
        let check = ConformanceCheck.versionsReported
        let limit = options.versionTimeLimit
        let providers: [(name: String, provide: @Sendable () -> String)] = [
            ("adapter version", subject.adapterVersion), ("network SDK version", subject.networkSDKVersion),
        ]
        var values: [String] = []
        for provider in providers {
            let (value, fastest) = Self.measure(provider.provide)
            if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return .failed(check, "the \(provider.name) is empty")
            }
            if fastest >= limit {
                return .failed(
                    check,
                    "the \(provider.name) took \(fastest.preciseMilliseconds) (fastest of 3 calls); limit"
                        + " \(limit.readable)")
            }
            values.append(value)
        }
        if let mismatch = hostReportedVersionMismatch(declared: (values[0], values[1])) {
            return .failed(check, mismatch)
        }
        return .passed(
            check, "adapter \(values[0]), network SDK \(values[1]), each reported in under \(limit.readable)")
    }

    /// When the custom event adopts `AdapterVersionReporting` (what a host's adapter status and the inspector
    /// show), where its network name is blank or its versions differ from the subject's; `nil` when they agree
    /// or it does not adopt the protocol.
    private func hostReportedVersionMismatch(declared: (adapter: String, networkSDK: String)) -> String? {
        guard let reporting = makeSession().harness.makeCustomEvent() as? any AdapterVersionReporting else {
            return nil
        }
        if reporting.networkName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return "the custom event's AdapterVersionReporting networkName is empty"
        }
        let pairs = [
            ("adapterVersion", reporting.adapterVersion, declared.adapter),
            ("networkSDKVersion", reporting.networkSDKVersion, declared.networkSDK),
        ]
        for (name, reported, expected) in pairs where reported != expected {
            return "the custom event's AdapterVersionReporting \(name) is '\(reported)' but the subject declares"
                + " '\(expected)'; hosts' adapter status would show the wrong version"
        }
        return nil
    }

    private static func measure(_ provide: @Sendable () -> String) -> (value: String, fastest: Duration) {
        let clock = ContinuousClock()
        var value = ""
        var fastest = Duration.seconds(3_600)
        for _ in 0..<3 {
            let start = clock.now
            value = provide()
            fastest = min(fastest, start.duration(to: clock.now))
        }
        return (value, fastest)
    }

    /// The custom event reports the declared identifier, and a renderer configuration lists it.
    func checkRendererListsCustomEvent() -> ConformanceCheckResult {
        let check = ConformanceCheck.rendererListsCustomEvent
        let declared = subject.customEventIdentifier
        let reported = makeSession().harness.makeCustomEvent().identifier
        guard !declared.isEmpty else {
            return .failed(check, "the subject's custom event identifier is empty")
        }
        guard reported == declared else {
            return .failed(
                check, "the custom event reports identifier '\(reported)' but the subject declares '\(declared)'")
        }
        let configurations = subject.rendererConfigurations
        guard let index = configurations.firstIndex(where: { $0.supports(declared) }) else {
            let listed = configurations.flatMap(\.supportedCustomEvents).map { "'\($0)'" }
            let listing = listed.isEmpty ? "nothing" : listed.joined(separator: ", ")
            return .failed(
                check,
                "none of the \(configurations.count) renderer configuration(s) lists '\(declared)' (they list"
                    + " \(listing)); its lines would fail as missing_adapter")
        }
        let rendererName = String(describing: configurations[index].rendererType)
        return .passed(
            check,
            "renderer configuration \(index + 1) of \(configurations.count) (\(rendererName)) lists '\(declared)'")
    }
}
