import Foundation
import MediationCore
import Testing

/// The default ad response `mediation demo` bundles: valid, named after the real adapters, and identical to
/// the copy embedded in the CLI for binaries moved away from their resource bundle.
@Suite struct DemoAdResponseTests {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func text(_ relativePath: String) throws -> String {
        try String(contentsOf: Self.packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
    }

    @Test func theBundledDefaultIsAValidWaterfallOverTheSandboxNetworks() throws {
        let json = try text("Sources/MediationCLI/Resources/default-ad-response.json")
        let response = try AdResponse.parse(json: Data(json.utf8))
        #expect(
            response.lines.map(\.customEventIdentifier) == [
                "MyTargetNativeBannerCustomEvent", "InMobiNativeCustomEvent", "GoogleCustomNativeCustomEvent",
                "TAMediaCustomNativeAdEvent",
            ])
        #expect(response.lines[0].info.string("slotId") == "30294")
        #expect(response.lines[2].info.string("adUnitID") == "/6499/example/native")
        #expect(response.lines[3].info.string("NativeListId") == "9527")
        #expect(response.lines.allSatisfy { $0.networkName != nil && $0.price != nil })
    }

    @Test func theEmbeddedCopyMatchesTheResource() throws {
        let resource = try text("Sources/MediationCLI/Resources/default-ad-response.json")
        let source = try text("Sources/MediationCLI/Demo/DefaultAdResponse.swift")
        let opening = try #require(source.range(of: "#\"\"\"\n"))
        let closing = try #require(source.range(of: "\n        \"\"\"#", range: opening.upperBound..<source.endIndex))
        let embedded = source[opening.upperBound..<closing.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? $0.dropFirst(8) : $0 }
            .joined(separator: "\n")
        #expect(embedded == resource.trimmingCharacters(in: .newlines))
    }
}
