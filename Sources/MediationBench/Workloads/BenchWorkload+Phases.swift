extension BenchWorkload {
    /// The requests at which the world changes (each request some phase starts at), in order.
    public var changeRequests: [Int] {
        Array(Set((phases ?? []).map(\.atRequest))).sorted()
    }

    /// The networks request `request` meets: the workload's, with every phase that starts at or before it applied.
    public func networks(atRequest request: Int) -> [BenchNetwork] {
        var networks = self.networks
        for phase in phases ?? [] where phase.atRequest <= request {
            guard let index = networks.firstIndex(where: { $0.name == phase.network }) else { continue }
            networks[index] = phase.applied(to: networks[index])
        }
        return networks
    }

    /// The world as it stands from request `request` on, without phases: the workload a change leads to.
    public func settled(atRequest request: Int) -> BenchWorkload {
        var settled = self
        settled.networks = networks(atRequest: request)
        settled.phases = nil
        return settled
    }

    /// What changes at `request`, one summary per phase starting there (`n8: fillProbability 0.6 → 0.05`).
    func changeSummary(atRequest request: Int) -> String {
        var networks = self.networks(atRequest: request - 1)
        var parts: [String] = []
        for phase in phases ?? [] where phase.atRequest == request {
            guard let index = networks.firstIndex(where: { $0.name == phase.network }) else { continue }
            parts.append(phase.summary(from: networks[index]))
            networks[index] = phase.applied(to: networks[index])
        }
        return parts.joined(separator: "; ")
    }
}
