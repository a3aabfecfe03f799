import Foundation
import MediationScaffold
import Testing

@testable import MediationCLI

/// The files `mediation new-adapter NAME --format instream --source vast` writes; scripts/scaffold-check.sh builds
/// them and runs their tests (the strict in-stream kit, awaited).
@Suite struct VASTInstreamScaffoldTests {
    private func files(_ media: ScaffoldInstreamMedia = .both) throws -> [String: String] {
        let scaffold = try AdapterScaffold(
            networkName: "Acme", mediationKitPath: TestPaths.repositoryRoot, format: .instream(media, source: .vast))
        return Dictionary(uniqueKeysWithValues: scaffold.files.map { ($0.path, $0.contents) })
    }

    @Test func writesAVASTSDKPackage() throws {
        let scaffold = try AdapterScaffold(
            networkName: "Acme", mediationKitPath: TestPaths.repositoryRoot, format: .instream(.both, source: .vast))
        #expect(
            scaffold.files.map(\.path) == [
                "Package.swift", ".gitignore", "README.md",
                "Sources/AcmeAdapter/AcmeVASTAdLoading.swift",
                "Sources/AcmeAdapter/AcmeVASTBreak.swift",
                "Sources/AcmeAdapter/AcmeVASTError.swift",
                "Sources/AcmeAdapter/AcmeInstreamCustomEvent.swift",
                "Sources/AcmeAdapter/AcmeVASTBreakRelay.swift",
                "Sources/AcmeAdapter/AcmeAdapterVersion.swift",
                "Sources/AcmeAdapter/Locked.swift",
                "Sources/AcmeAdapter/AcmeBidderTokenLoading.swift",
                "Sources/AcmeAdapter/AcmeInstreamBidSignalProvider.swift",
                "Sources/AcmeAdapter/AcmeInstreamCustomEvent+Registration.swift",
                "Tests/AcmeAdapterTests/AcmeSandboxVASTNetwork.swift",
                "Tests/AcmeAdapterTests/AcmeSandboxVAST.swift",
                "Tests/AcmeAdapterTests/AcmeInstreamConformanceTests.swift",
                "Tests/AcmeAdapterTests/AcmeSandboxBidderTokens.swift",
                "Tests/AcmeAdapterTests/AcmeLoadRecorder.swift",
                "Tests/AcmeAdapterTests/AcmeInstreamBiddingTests.swift",
            ])
    }

    @Test func theAdapterImportsTheBridgeAndMediationVASTOnly() throws {
        let files = try files()
        for (path, contents) in files {
            #expect(!contents.contains("{{"), "\(path) keeps a placeholder")
            guard path.hasPrefix("Sources/") else { continue }
            let allowed: Set<Substring> = ["import Foundation", "import MediationBridge", "import MediationVAST"]
            let imports = contents.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(imports.allSatisfy(allowed.contains), "\(path) imports \(imports)")
        }
        let manifest = try #require(files["Package.swift"])
        let adapterTarget = try #require(manifest.range(of: ".testTarget(")).lowerBound
        let adapterDependencies = manifest[..<adapterTarget]
        #expect(adapterDependencies.contains(#".product(name: "MediationVAST", package: "MediationKit")"#))
        #expect(!adapterDependencies.contains("MediationCore"))
        #expect(!adapterDependencies.contains("MediationVASTNetworking"))
    }

    @Test func theCustomEventHandsEachBreakToTheVASTPlaybackAndBids() throws {
        let event = try #require(try files()["Sources/AcmeAdapter/AcmeInstreamCustomEvent.swift"])
        #expect(event.contains("playback: VASTInstreamCustomEvent("))
        #expect(event.contains("breakRequest.adMarkup = loading.sdkBreak.vast"))
        #expect(event.contains("ad.loadBid(markup: markup, completion: answer)"))
        #expect(event.contains("ad.requestBreaks("))
        #expect(event.contains("public var supportsBidding: Bool { true }"))
        #expect(!event.contains("DispatchSemaphore"), "no blocked thread")
    }

    @Test(arguments: [
        (ScaffoldInstreamMedia.video, "let formats: [InstreamAdFormat] = [.video]"),
        (.audio, "let formats: [InstreamAdFormat] = [.audio]"),
        (.both, "let formats: [InstreamAdFormat] = [.video, .audio]"),
    ])
    func theTestRunsTheStrictKitAsynchronously(media: ScaffoldInstreamMedia, loop: String) throws {
        let test = try #require(try files(media)["Tests/AcmeAdapterTests/AcmeInstreamConformanceTests.swift"])
        #expect(test.contains(loop))
        #expect(test.contains("await checkConformance(.acme(format), strict: true)"))
        #expect(test.contains("@Test func acmeInstreamAdapterPassesTheConformanceKit() async"))
        let bidding = try #require(try files(media)["Tests/AcmeAdapterTests/AcmeInstreamBiddingTests.swift"])
        #expect(bidding.contains("@Test func aBidsVASTGoesToTheMarkupLoadAndPlays() async"))
        #expect(bidding.contains("await recorder.waitForOutcome()"))
    }

    @Test func theCommandWritesIt() throws {
        let folder = TestPaths.freshTemporaryFolder("vast-scaffold")
        defer { try? FileManager.default.removeItem(at: folder) }
        let status = NewAdapterCommand.run([
            "Acme", "--format", "instream", "--source", "vast", "--out", folder.path,
            "--mediationkit", TestPaths.repositoryRoot,
        ])
        #expect(status == 0)
        let written = try String(
            contentsOf: folder.appendingPathComponent("Sources/AcmeAdapter/AcmeVASTAdLoading.swift"), encoding: .utf8)
        #expect(written.contains("public protocol AcmeVASTAdLoading: AnyObject, Sendable"))
    }
}
