import Foundation

/// The workloads shipped with `mediation bench`, as the JSON a workload file holds (described in
/// docs/performance.md); fill-drop is many-hangs with a phase.
extension BenchWorkload {
    /// The names of the shipped workloads, in the order `mediation bench` lists them.
    public static let builtInNames = ["healthy", "one-slow-top", "many-hangs", "auction", "fill-drop"]

    /// The shipped workload called `name`, or `nil`.
    public static func builtIn(_ name: String) -> BenchWorkload? {
        if name == "fill-drop" { return fillDrop }
        guard let json = builtInJSON[name] else { return nil }
        return try? decode(Data(json.utf8))
    }

    /// A network whose fill collapses mid-session: many-hangs over 6,000 requests (seed 13), whose top network
    /// fills 60 % of its requests until request 2,000 and 5 % from then on.
    private static var fillDrop: BenchWorkload? {
        guard var workload = builtIn("many-hangs") else { return nil }
        workload.name = "fill-drop"
        workload.requests = 6_000
        workload.seed = 13
        workload.networks[0].fillProbability = 0.6
        var collapse = BenchPhase(atRequest: 2_000, network: workload.networks[0].name)
        collapse.fillProbability = 0.05
        workload.phases = [collapse]
        return workload
    }

    /// The JSON of each shipped workload but fill-drop, by name.
    private static let builtInJSON: [String: String] = [
        "healthy": """
        {
          "name": "healthy", "requests": 2000, "seed": 1,
          "networks": [
            {"name": "alpha", "fillProbability": 0.55, "hangProbability": 0, "errorProbability": 0.01, "price": 4.0,
             "fillLatency": {"medianMs": 180, "spread": 0.4}, "noFillLatency": {"medianMs": 120, "spread": 0.4}},
            {"name": "beta", "fillProbability": 0.5, "hangProbability": 0, "errorProbability": 0.01, "price": 3.0,
             "fillLatency": {"medianMs": 220, "spread": 0.4}, "noFillLatency": {"medianMs": 140, "spread": 0.4}},
            {"name": "gamma", "fillProbability": 0.6, "hangProbability": 0, "errorProbability": 0.01, "price": 2.2,
             "fillLatency": {"medianMs": 160, "spread": 0.4}, "noFillLatency": {"medianMs": 100, "spread": 0.4}},
            {"name": "delta", "fillProbability": 0.65, "hangProbability": 0, "errorProbability": 0.01, "price": 1.5,
             "fillLatency": {"medianMs": 250, "spread": 0.4}, "noFillLatency": {"medianMs": 150, "spread": 0.4}},
            {"name": "epsilon", "fillProbability": 0.7, "hangProbability": 0, "errorProbability": 0.01, "price": 1.0,
             "fillLatency": {"medianMs": 200, "spread": 0.4}, "noFillLatency": {"medianMs": 120, "spread": 0.4}}
          ],
          "waterfall": [
            {"network": "alpha", "timeoutMs": 2000},
            {"network": "beta", "timeoutMs": 2000},
            {"network": "gamma", "timeoutMs": 2000},
            {"network": "delta", "timeoutMs": 2000},
            {"network": "epsilon", "timeoutMs": 2000}
          ]
        }
        """,
        "one-slow-top": """
        {
          "name": "one-slow-top", "requests": 2000, "seed": 2,
          "networks": [
            {"name": "slowtop", "fillProbability": 0.5, "hangProbability": 0.01, "errorProbability": 0.01,
             "price": 5.0, "fillLatency": {"medianMs": 1400, "spread": 0.5},
             "noFillLatency": {"medianMs": 1100, "spread": 0.5}},
            {"name": "beta", "fillProbability": 0.5, "hangProbability": 0, "errorProbability": 0.01, "price": 3.0,
             "fillLatency": {"medianMs": 220, "spread": 0.4}, "noFillLatency": {"medianMs": 140, "spread": 0.4}},
            {"name": "gamma", "fillProbability": 0.6, "hangProbability": 0, "errorProbability": 0.01, "price": 2.2,
             "fillLatency": {"medianMs": 160, "spread": 0.4}, "noFillLatency": {"medianMs": 100, "spread": 0.4}},
            {"name": "delta", "fillProbability": 0.65, "hangProbability": 0, "errorProbability": 0.01, "price": 1.5,
             "fillLatency": {"medianMs": 250, "spread": 0.4}, "noFillLatency": {"medianMs": 150, "spread": 0.4}},
            {"name": "epsilon", "fillProbability": 0.7, "hangProbability": 0, "errorProbability": 0.01, "price": 1.0,
             "fillLatency": {"medianMs": 200, "spread": 0.4}, "noFillLatency": {"medianMs": 120, "spread": 0.4}}
          ],
          "waterfall": [
            {"network": "slowtop", "timeoutMs": 3000},
            {"network": "beta", "timeoutMs": 2000},
            {"network": "gamma", "timeoutMs": 2000},
            {"network": "delta", "timeoutMs": 2000},
            {"network": "epsilon", "timeoutMs": 2000}
          ]
        }
        """,
        "auction": """
        {
          "name": "auction", "requests": 2000, "seed": 4,
          "networks": [
            {"name": "bidderX", "fillProbability": 0.7, "hangProbability": 0.01, "errorProbability": 0.01,
             "price": 3.5, "signalTimeoutMs": 1000, "fillLatency": {"medianMs": 150, "spread": 0.4},
             "noFillLatency": {"medianMs": 90, "spread": 0.4}, "signalLatency": {"medianMs": 60, "spread": 0.5}},
            {"name": "bidderY", "fillProbability": 0.8, "hangProbability": 0.02, "errorProbability": 0.01,
             "price": 1.5, "signalTimeoutMs": 500, "fillLatency": {"medianMs": 250, "spread": 0.5},
             "noFillLatency": {"medianMs": 150, "spread": 0.5}, "signalLatency": {"medianMs": 180, "spread": 0.8}},
            {"name": "alpha", "fillProbability": 0.5, "hangProbability": 0.05, "errorProbability": 0.02, "price": 4.0,
             "fillLatency": {"medianMs": 300, "spread": 0.5}, "noFillLatency": {"medianMs": 200, "spread": 0.5}},
            {"name": "beta", "fillProbability": 0.5, "hangProbability": 0.05, "errorProbability": 0.02, "price": 3.0,
             "fillLatency": {"medianMs": 400, "spread": 0.5}, "noFillLatency": {"medianMs": 250, "spread": 0.5}},
            {"name": "gamma", "fillProbability": 0.6, "hangProbability": 0.05, "errorProbability": 0.02, "price": 2.0,
             "fillLatency": {"medianMs": 350, "spread": 0.5}, "noFillLatency": {"medianMs": 200, "spread": 0.5}}
          ],
          "waterfall": [
            {"network": "alpha", "timeoutMs": 2000},
            {"network": "beta", "timeoutMs": 2000},
            {"network": "gamma", "timeoutMs": 2000},
            {"network": "bidderX", "timeoutMs": 1500, "isBid": true},
            {"network": "bidderY", "timeoutMs": 1500, "isBid": true}
          ]
        }
        """,
        "many-hangs": """
        {
          "name": "many-hangs", "requests": 4000, "seed": 12,
          "networks": [
            {"name": "n1", "fillProbability": 0.15, "hangProbability": 0.03, "errorProbability": 0.02, "price": 6.0,
             "fillLatency": {"medianMs": 450, "spread": 0.6}, "noFillLatency": {"medianMs": 300, "spread": 0.6}},
            {"name": "n2", "fillProbability": 0.2, "hangProbability": 0.03, "errorProbability": 0.02, "price": 4.5,
             "fillLatency": {"medianMs": 380, "spread": 0.6}, "noFillLatency": {"medianMs": 250, "spread": 0.6}},
            {"name": "n3", "fillProbability": 0.25, "hangProbability": 0.03, "errorProbability": 0.02, "price": 3.5,
             "fillLatency": {"medianMs": 520, "spread": 0.6}, "noFillLatency": {"medianMs": 400, "spread": 0.6}},
            {"name": "n4", "fillProbability": 0.3, "hangProbability": 0.03, "errorProbability": 0.02, "price": 2.8,
             "fillLatency": {"medianMs": 300, "spread": 0.6}, "noFillLatency": {"medianMs": 200, "spread": 0.6}},
            {"name": "n5", "fillProbability": 0.35, "hangProbability": 0.03, "errorProbability": 0.02, "price": 2.0,
             "fillLatency": {"medianMs": 650, "spread": 0.6}, "noFillLatency": {"medianMs": 450, "spread": 0.6}},
            {"name": "n6", "fillProbability": 0.45, "hangProbability": 0.03, "errorProbability": 0.02, "price": 1.5,
             "fillLatency": {"medianMs": 400, "spread": 0.6}, "noFillLatency": {"medianMs": 300, "spread": 0.6}},
            {"name": "n7", "fillProbability": 0.5, "hangProbability": 0.03, "errorProbability": 0.02, "price": 1.0,
             "fillLatency": {"medianMs": 350, "spread": 0.6}, "noFillLatency": {"medianMs": 250, "spread": 0.6}},
            {"name": "n8", "fillProbability": 0.6, "hangProbability": 0.03, "errorProbability": 0.02, "price": 0.6,
             "fillLatency": {"medianMs": 280, "spread": 0.6}, "noFillLatency": {"medianMs": 200, "spread": 0.6}}
          ],
          "waterfall": [
            {"network": "n1", "timeoutMs": 3000},
            {"network": "n2", "timeoutMs": 3000},
            {"network": "n3", "timeoutMs": 3000},
            {"network": "n4", "timeoutMs": 3000},
            {"network": "n5", "timeoutMs": 3000},
            {"network": "n6", "timeoutMs": 3000},
            {"network": "n7", "timeoutMs": 3000},
            {"network": "n8", "timeoutMs": 3000}
          ]
        }
        """,
    ]
}
