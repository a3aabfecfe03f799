/// A change of one network's parameters from a request on: the workload's world changes at ``atRequest``, and
/// every request from there meets the network with the values the phase sets (the others stay as they were).
/// Phases are listed in request order; later phases build on earlier ones.
public struct BenchPhase: Codable, Sendable, Hashable {
    /// The first request (counted from 0) that meets the changed network.
    public var atRequest: Int
    /// The name of the ``BenchNetwork`` that changes.
    public var network: String
    /// The new fill probability, if it changes.
    public var fillProbability: Double?
    /// The new hang probability, if it changes.
    public var hangProbability: Double?
    /// The new error probability, if it changes.
    public var errorProbability: Double?
    /// The new fill latency, if it changes.
    public var fillLatency: BenchLatency?
    /// The new no-fill latency, if it changes.
    public var noFillLatency: BenchLatency?

    /// The keys a phase may hold.
    static let keys = [
        "atRequest", "network", "fillProbability", "hangProbability", "errorProbability", "fillLatency",
        "noFillLatency",
    ]

    /// Creates a phase that changes nothing yet; set the values that change.
    public init(atRequest: Int, network: String) {
        self.atRequest = atRequest
        self.network = network
    }

    private enum CodingKeys: String, CodingKey {
        case atRequest, network, fillProbability, hangProbability, errorProbability, fillLatency, noFillLatency
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes a phase; a key that is not a phase's is an error at its path.
    public init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.first(where: { !Self.keys.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: all,
                debugDescription: "unknown key; a phase sets \(Self.keys.joined(separator: ", "))")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        atRequest = try container.decode(Int.self, forKey: .atRequest)
        network = try container.decode(String.self, forKey: .network)
        fillProbability = try container.decodeIfPresent(Double.self, forKey: .fillProbability)
        hangProbability = try container.decodeIfPresent(Double.self, forKey: .hangProbability)
        errorProbability = try container.decodeIfPresent(Double.self, forKey: .errorProbability)
        fillLatency = try container.decodeIfPresent(BenchLatency.self, forKey: .fillLatency)
        noFillLatency = try container.decodeIfPresent(BenchLatency.self, forKey: .noFillLatency)
    }

    /// Whether the phase changes anything.
    var changesSomething: Bool {
        fillProbability != nil || hangProbability != nil || errorProbability != nil || fillLatency != nil
            || noFillLatency != nil
    }

    /// `network` with this phase's values.
    func applied(to network: BenchNetwork) -> BenchNetwork {
        var changed = network
        if let fillProbability { changed.fillProbability = fillProbability }
        if let hangProbability { changed.hangProbability = hangProbability }
        if let errorProbability { changed.errorProbability = errorProbability }
        if let fillLatency { changed.fillLatency = fillLatency }
        if let noFillLatency { changed.noFillLatency = noFillLatency }
        return changed
    }

    /// What changes, against `network` before the phase: `n8: fillProbability 0.6 → 0.05`.
    func summary(from network: BenchNetwork) -> String {
        func latency(_ value: BenchLatency) -> String { "\(value.medianMs) ms ± \(value.spread)" }
        var parts: [String] = []
        if let fillProbability { parts.append("fillProbability \(network.fillProbability) → \(fillProbability)") }
        if let hangProbability { parts.append("hangProbability \(network.hangProbability) → \(hangProbability)") }
        if let errorProbability {
            parts.append("errorProbability \(network.errorProbability) → \(errorProbability)")
        }
        if let fillLatency {
            parts.append("fillLatency \(latency(network.fillLatency)) → \(latency(fillLatency))")
        }
        if let noFillLatency {
            parts.append("noFillLatency \(latency(network.noFillLatency)) → \(latency(noFillLatency))")
        }
        return "\(self.network): " + parts.joined(separator: ", ")
    }
}
