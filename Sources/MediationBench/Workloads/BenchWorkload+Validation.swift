import Foundation

extension BenchWorkload {
    /// The most lines a bench waterfall may have.
    public static let maximumLines = 64
    /// The most requests a bench run may simulate.
    public static let maximumRequests = 10_000_000

    /// Decodes and validates a workload from JSON.
    ///
    /// - Throws: ``BenchWorkloadError`` naming the path of the first missing, mistyped or out-of-range value.
    public static func decode(_ data: Data) throws(BenchWorkloadError) -> BenchWorkload {
        let workload: BenchWorkload
        do {
            workload = try JSONDecoder().decode(BenchWorkload.self, from: data)
        } catch let error as DecodingError {
            throw Self.wholeNumberError(in: data) ?? Self.workloadError(error)
        } catch {
            throw BenchWorkloadError(path: "", reason: "not valid JSON: \(error)")
        }
        try workload.validate()
        return workload
    }

    /// Checks every value's range and every line's network.
    ///
    /// - Throws: ``BenchWorkloadError`` naming the first bad value's path.
    public func validate() throws(BenchWorkloadError) {
        guard (1...Self.maximumRequests).contains(requests) else {
            throw BenchWorkloadError(path: "requests", reason: "expected 1...\(Self.maximumRequests), got \(requests)")
        }
        guard !networks.isEmpty else { throw BenchWorkloadError(path: "networks", reason: "expected a network") }
        var names: Set<String> = []
        for (index, network) in networks.enumerated() {
            let path = "networks[\(index)]"
            guard !network.name.isEmpty else { throw BenchWorkloadError(path: "\(path).name", reason: "empty name") }
            guard names.insert(network.name).inserted else {
                throw BenchWorkloadError(path: "\(path).name", reason: "duplicate network '\(network.name)'")
            }
            try Self.checkProbability(network.fillProbability, path: "\(path).fillProbability")
            try Self.checkProbability(network.hangProbability, path: "\(path).hangProbability")
            try Self.checkProbability(network.errorProbability, path: "\(path).errorProbability")
            try Self.checkLatency(network.fillLatency, path: "\(path).fillLatency")
            try Self.checkLatency(network.noFillLatency, path: "\(path).noFillLatency")
            try Self.checkPrice(network.price, path: "\(path).price")
        }
        guard (1...Self.maximumLines).contains(waterfall.count) else {
            throw BenchWorkloadError(
                path: "waterfall", reason: "expected 1...\(Self.maximumLines) lines, got \(waterfall.count)")
        }
        for (index, line) in waterfall.enumerated() {
            let path = "waterfall[\(index)]"
            guard names.contains(line.network) else {
                throw BenchWorkloadError(path: "\(path).network", reason: "no network named '\(line.network)'")
            }
            guard line.timeoutMs.isFinite, line.timeoutMs >= 0.001, line.timeoutMs <= 600_000 else {
                throw BenchWorkloadError(
                    path: "\(path).timeoutMs", reason: "expected 0.001...600000 ms, got \(line.timeoutMs)")
            }
            if let price = line.price { try Self.checkPrice(price, path: "\(path).price") }
        }
        try validatePhases(networkNames: names)
    }

    private func validatePhases(networkNames names: Set<String>) throws(BenchWorkloadError) {
        var previous = 0
        for (index, phase) in (phases ?? []).enumerated() {
            let path = "phases[\(index)]"
            guard (1..<requests).contains(phase.atRequest) else {
                throw BenchWorkloadError(
                    path: "\(path).atRequest",
                    reason: "expected a request of this run, 1...\(requests - 1), got \(phase.atRequest)")
            }
            guard phase.atRequest >= previous else {
                throw BenchWorkloadError(
                    path: "\(path).atRequest",
                    reason: "phases go in request order: \(phase.atRequest) comes after \(previous)")
            }
            previous = phase.atRequest
            guard names.contains(phase.network) else {
                throw BenchWorkloadError(path: "\(path).network", reason: "no network named '\(phase.network)'")
            }
            guard phase.changesSomething else {
                throw BenchWorkloadError(
                    path: path,
                    reason: "changes nothing: set fillProbability, hangProbability, errorProbability, fillLatency "
                        + "or noFillLatency")
            }
            if let value = phase.fillProbability { try Self.checkProbability(value, path: "\(path).fillProbability") }
            if let value = phase.hangProbability { try Self.checkProbability(value, path: "\(path).hangProbability") }
            if let value = phase.errorProbability {
                try Self.checkProbability(value, path: "\(path).errorProbability")
            }
            if let latency = phase.fillLatency { try Self.checkLatency(latency, path: "\(path).fillLatency") }
            if let latency = phase.noFillLatency { try Self.checkLatency(latency, path: "\(path).noFillLatency") }
        }
    }

    private static func checkProbability(_ value: Double, path: String) throws(BenchWorkloadError) {
        guard value.isFinite, (0...1).contains(value) else {
            throw BenchWorkloadError(path: path, reason: "expected a probability in 0...1, got \(value)")
        }
    }

    private static func checkPrice(_ value: Double, path: String) throws(BenchWorkloadError) {
        guard value.isFinite, value >= 0 else {
            throw BenchWorkloadError(path: path, reason: "expected a non-negative price, got \(value)")
        }
    }

    private static func checkLatency(_ latency: BenchLatency, path: String) throws(BenchWorkloadError) {
        guard latency.medianMs.isFinite, latency.medianMs > 0, latency.medianMs <= 600_000 else {
            throw BenchWorkloadError(
                path: "\(path).medianMs", reason: "expected a median in (0, 600000] ms, got \(latency.medianMs)")
        }
        guard latency.spread.isFinite, (0...5).contains(latency.spread) else {
            throw BenchWorkloadError(
                path: "\(path).spread", reason: "expected a spread in 0...5, got \(latency.spread)")
        }
    }

    private static func workloadError(_ error: DecodingError) -> BenchWorkloadError {
        switch error {
        case .keyNotFound(let key, let context):
            return BenchWorkloadError(path: path(context.codingPath + [key]), reason: "missing value")
        case .typeMismatch(let type, let context):
            return BenchWorkloadError(path: path(context.codingPath), reason: "expected \(type)")
        case .valueNotFound(let type, let context):
            return BenchWorkloadError(path: path(context.codingPath), reason: "expected \(type), got null")
        case .dataCorrupted(let context):
            let reason = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            return BenchWorkloadError(path: path(context.codingPath), reason: reason)
        @unknown default:
            return BenchWorkloadError(path: "", reason: "\(error)")
        }
    }

    /// Foundation on Linux reports a negative or fractional value for an integer field as invalid JSON with no
    /// path; this finds such a value in the whole-number fields (`requests`, `seed`, each phase's `atRequest`) of
    /// otherwise valid JSON.
    private static func wholeNumberError(in data: Data) -> BenchWorkloadError? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        var fields: [(path: String, key: String, value: Any?)] = ["requests", "seed"].map { ($0, $0, object[$0]) }
        for (index, phase) in ((object["phases"] as? [Any]) ?? []).enumerated() {
            fields.append(("phases[\(index)].atRequest", "atRequest", (phase as? [String: Any])?["atRequest"]))
        }
        for (path, key, value) in fields {
            guard let number = value as? NSNumber else { continue }
            let value = number.doubleValue
            let valid =
                value.rounded() == value && (key == "seed" ? value >= 0 && value < 0x1p64 : abs(value) < 0x1p62)
            if !valid {
                let expected = key == "seed" ? "a whole number in 0...2^64-1" : "a whole number"
                return BenchWorkloadError(path: path, reason: "expected \(expected), got \(number)")
            }
        }
        return nil
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
