import Foundation
import MediationCore
import Testing

@testable import MediationCLI

/// `mediation demo` starts its three networks before the run and shows each one's start-up, in text and in
/// `--json` (`"networks": [{"network", "status", "startMs", "error"}]`).
@Suite struct DemoNetworkStartupTests {
    private func outcome() throws -> DemoCommand.Outcome {
        try DemoCommand.runWaterfall(
            try AdResponse.parse(json: Data(DefaultAdResponse.embeddedJSON.utf8)), strategy: .default)
    }

    @Test func theJSONCarriesEachNetworksStartUp() throws {
        let json = try outcome().jsonReport(strategy: .default)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let networks = try #require(object["networks"] as? [[String: Any]])
        #expect(networks.map { $0["network"] as? String } == ["myTarget", "Google", "TAMedia"])
        #expect(networks.map { $0["status"] as? String } == ["started", "started", "not_needed"])
        #expect(networks.map { $0["startMs"] as? Int } == [0, 0, 0])
        #expect(networks.allSatisfy { $0["error"] is NSNull })
    }

    @Test func theTextReportListsEachNetworksStartUp() throws {
        let text = try outcome().textReport(strategy: .default, origin: "bundled")
        #expect(text.contains("network start-up (3):\n  myTarget started in 0ms\n  Google started in 0ms\n"))
        #expect(text.contains("  TAMedia not_needed in 0ms"))
    }
}
