import Foundation
import MediationConformance
import MediationScaffold
import SandboxConformanceSubjects
import Testing

@testable import MediationCLI

@Suite struct InstreamScaffoldTests {
    private func scaffold(_ media: ScaffoldInstreamMedia = .both) throws -> AdapterScaffold {
        try AdapterScaffold(
            networkName: "Acme", mediationKitPath: TestPaths.repositoryRoot, format: .instream(media))
    }

    @Test func writesAnInstreamPackage() throws {
        #expect(
            try scaffold().files.map(\.path) == [
                "Package.swift", ".gitignore", "README.md",
                "Sources/AcmeAdapter/AcmeInstreamAdLoading.swift",
                "Sources/AcmeAdapter/AcmeInstreamAdDelegate.swift",
                "Sources/AcmeAdapter/AcmeInstreamCustomEvent.swift",
                "Sources/AcmeAdapter/AcmeAdapterVersion.swift",
                "Sources/AcmeAdapter/Locked.swift",
                "Sources/AcmeAdapter/AcmeBidderTokenLoading.swift",
                "Sources/AcmeAdapter/AcmeInstreamBidSignalProvider.swift",
                "Sources/AcmeAdapter/AcmeInstreamCustomEvent+Registration.swift",
                "Tests/AcmeAdapterTests/AcmeSandboxInstreamAd.swift",
                "Tests/AcmeAdapterTests/AcmeInstreamConformanceTests.swift",
                "Tests/AcmeAdapterTests/AcmeSandboxBidderTokens.swift",
                "Tests/AcmeAdapterTests/AcmeLoadRecorder.swift",
                "Tests/AcmeAdapterTests/AcmeInstreamBiddingTests.swift",
            ])
    }

    @Test func theSDKScaffoldWritesBiddingCode() throws {
        let files = Dictionary(uniqueKeysWithValues: try scaffold().files.map { ($0.path, $0.contents) })
        let event = try #require(files["Sources/AcmeAdapter/AcmeInstreamCustomEvent.swift"])
        #expect(event.contains("public var supportsBidding: Bool { true }"))
        #expect(event.contains("ad.loadBid(markup: markup, midpoints: request.midpoints"))
        #expect(event.contains(#"failLoading(.invalidBidMarkup(path: "adm", reason: "empty bid markup"))"#))
        let provider = try #require(files["Sources/AcmeAdapter/AcmeInstreamBidSignalProvider.swift"])
        #expect(provider.contains("public final class AcmeInstreamBidSignalProvider: BidSignalProvider"))
        #expect(provider.contains("AcmeInstreamCustomEvent.identifier(for: format)"))
        let registration = try #require(files["Sources/AcmeAdapter/AcmeInstreamCustomEvent+Registration.swift"])
        #expect(registration.contains("try registry.registerBidSignalProvider("))
        let tests = try #require(files["Tests/AcmeAdapterTests/AcmeInstreamBiddingTests.swift"])
        #expect(tests.contains("@Test func aBidsMarkupGoesToTheMarkupLoad()"))
        #expect(tests.contains("@Test func theBidSignalIsTheNetworksToken() async"))
    }

    @Test func theAdapterSeesOnlyTheBridgeAndEveryPlaceholderIsFilled() throws {
        for file in try scaffold().files {
            #expect(!file.contents.contains("{{"), "\(file.path) keeps a placeholder")
            if file.path.hasPrefix("Sources/") {
                #expect(!file.contents.contains("import MediationCore"), "\(file.path)")
                #expect(!file.contents.contains("import MediationTesting"), "\(file.path)")
            }
        }
    }

    @Test(arguments: [
        (ScaffoldInstreamMedia.video, "let formats: [InstreamAdFormat] = [.video]"),
        (.audio, "let formats: [InstreamAdFormat] = [.audio]"),
        (.both, "let formats: [InstreamAdFormat] = [.video, .audio]"),
    ])
    func theTestChecksEachFormatStrictly(media: ScaffoldInstreamMedia, loop: String) throws {
        let test = try #require(try scaffold(media).files.first { $0.path.hasSuffix("InstreamConformanceTests.swift") })
        #expect(test.contents.contains(loop))
        #expect(test.contents.contains("await checkConformance(.acme(format), strict: true)"))
        #expect(test.contents.contains("print(report.table)"))
        #expect(test.contents.contains("requiredInfoKeys: [AcmeInstreamCustomEvent.slotIDKey]"))
    }

    @Test func theNativeScaffoldIsUnchanged() throws {
        let native = try AdapterScaffold(networkName: "Acme", mediationKitPath: TestPaths.repositoryRoot)
        #expect(native.format == .native)
        #expect(native.files.map(\.path).contains("Sources/AcmeAdapter/AcmeNativeCustomEvent.swift"))
    }

    @Test func parsesFormatAndMedia() throws {
        let parsed = try NewAdapterCommand.parse([
            "Acme", "--out", "/tmp/a", "--format", "instream", "--media", "audio",
        ])
        .get()
        #expect(parsed.format == .instream(.audio))
        #expect(
            try NewAdapterCommand.parse(["Acme", "--out", "/tmp/a", "--format", "instream"]).get().format
                == .instream(.both))
        #expect(try NewAdapterCommand.parse(["Acme", "--out", "/tmp/a"]).get().format == .native)
        #expect(
            try NewAdapterCommand.parse(["Acme", "--out", "/a", "--format", "instream", "--source", "vast"]).get()
                .format
                == .instream(.both, source: .vast))
        #expect(
            try NewAdapterCommand.parse(["Acme", "--out", "/a", "--format", "instream", "--source", "sdk"]).get().format
                == .instream(.both))
    }

    @Test(arguments: [
        (["Acme", "--out", "/a", "--format", "banner"], "--format 'banner' is not native or instream"),
        (["Acme", "--out", "/a", "--media", "video"], "--media video needs --format instream"),
        (["Acme", "--out", "/a", "--format", "instream", "--media", "tv"], "--media 'tv' is not video, audio or both"),
        (["Acme", "--out", "/a", "--format"], "--format needs a value"),
        (["Acme", "--out", "/a", "--format", "instream", "--source", "ima"], "--source 'ima' is not sdk or vast"),
        (["Acme", "--out", "/a", "--source", "vast"], "--source vast needs --format instream"),
        (["Acme", "--out", "/a", "--format", "instream", "--source"], "--source needs a value"),
    ])
    func badFormatsAreRefused(arguments: [String], message: String) {
        #expect(NewAdapterCommand.parse(arguments) == .failure(NewAdapterCommand.UsageError(message: message)))
    }

    @Test func packageConformanceReadsInstreamTables() {
        let passing = InstreamConformanceKit.run(.myTargetInstreamVideo, strict: true)
        let skipping = InstreamConformanceKit.run(
            InstreamConformanceSubject(
                name: "undeclared", customEventIdentifier: "Undeclared", format: .video,
                info: ["slotId": .string("1")],
                makeInstance: InstreamConformanceSubject.myTargetInstreamVideo.makeInstance),
            strict: true)
        let output = "◇ Test started.\n" + passing.table + "✔ Test passed.\n\n" + skipping.table
        let tables = PackageConformanceRun.tables(in: output)
        #expect(tables == [passing.table, skipping.table])
        #expect(PackageConformanceRun.isPassing(passing.table))
        #expect(!PackageConformanceRun.isPassing(skipping.table))
        #expect(PackageConformanceRun.exitStatus(for: .init(tables: [tables[0]], testStatus: 0)) == 0)
        #expect(PackageConformanceRun.exitStatus(for: .init(tables: tables, testStatus: 0)) == 1)
    }
}
