import Foundation
import MediationScaffold
import Testing

@Suite struct AdapterScaffoldTests {
    private func scaffold(_ name: String = "Acme") throws -> AdapterScaffold {
        try AdapterScaffold(networkName: name, mediationKitPath: TestPaths.repositoryRoot)
    }

    @Test func writesACompletePackage() throws {
        #expect(
            try scaffold().files.map(\.path) == [
                "Package.swift", ".gitignore", "README.md",
                "Sources/AcmeAdapter/AcmeNativeAdLoading.swift",
                "Sources/AcmeAdapter/AcmeNetworkNativeAd.swift",
                "Sources/AcmeAdapter/AcmeNativeCustomEvent.swift",
                "Sources/AcmeAdapter/AcmeNativeAdAdapter.swift",
                "Sources/AcmeAdapter/AcmeRendererConfiguration.swift",
                "Sources/AcmeAdapter/AcmeAdapterVersion.swift",
                "Sources/AcmeAdapter/AcmeNativeCustomEvent+Versions.swift",
                "Sources/AcmeAdapter/Locked.swift",
                "Sources/AcmeAdapter/AcmeSandboxNetwork.swift",
                "Sources/AcmeAdapter/AcmeSandboxNativeAd.swift",
                "Tests/AcmeAdapterTests/AcmeConformanceTests.swift",
                "Sources/AcmeAdapter/AcmeBidderTokenLoading.swift",
                "Sources/AcmeAdapter/AcmeBidSignalProvider.swift",
                "Sources/AcmeAdapter/AcmeNativeCustomEvent+Registration.swift",
                "Sources/AcmeAdapter/AcmeAdapterConfiguration.swift",
                "Sources/AcmeAdapter/AcmeNetworkStarting.swift",
                "Sources/AcmeAdapter/AcmeSandboxStarter.swift",
                "Tests/AcmeAdapterTests/AcmeStartupConformanceTests.swift",
            ])
    }

    @Test func generatedAdapterIsBiddingCapable() throws {
        let files = try scaffold().files
        let customEvent = try #require(files.first { $0.path.hasSuffix("AcmeNativeCustomEvent.swift") })
        #expect(customEvent.contents.contains("public var supportsBidding: Bool { true }"))
        #expect(customEvent.contents.contains("try Self.checkBidMarkup(adMarkup)"))
        let provider = try #require(files.first { $0.path.hasSuffix("AcmeBidSignalProvider.swift") })
        #expect(provider.contents.contains("public final class AcmeBidSignalProvider: BidSignalProvider {"))
        #expect(provider.contents.contains("network.loadBidderToken(childDirected: request.privacy.isChildDirected)"))
        let registration = try #require(files.first { $0.path.hasSuffix("AcmeNativeCustomEvent+Registration.swift") })
        #expect(registration.contents.contains("try registry.registerBidSignalProvider("))
        let test = try #require(files.first { $0.path.hasSuffix("AcmeConformanceTests.swift") })
        #expect(test.contents.contains("subject.expectations.providesBidSignal = true"))
        #expect(
            test.contents.contains("driver.bidSignalProvider = { sandbox in AcmeBidSignalProvider(network: sandbox) }"))
        #expect(test.contents.contains("observation.markupLoads = sandbox.markupLoads"))
    }

    @Test func generatedAdapterSeesOnlyTheBridge() throws {
        let files = try scaffold().files
        let manifest = try #require(files.first { $0.path == "Package.swift" })
        #expect(!manifest.contents.contains(#"name: "MediationCore""#))
        #expect(
            manifest.contents.contains(#"dependencies: [.product(name: "MediationBridge", package: "MediationKit")]"#))
        for file in files where file.path.hasSuffix(".swift") && file.path != "Package.swift" {
            #expect(!file.contents.contains("import MediationCore"), "\(file.path) imports the engine")
        }
        let sources = files.filter { $0.path.hasPrefix("Sources/") && $0.contents.contains("import Mediation") }
        #expect(!sources.isEmpty)
        for file in sources {
            #expect(file.contents.contains("import MediationBridge"), "\(file.path)")
        }
    }

    @Test func substitutesEveryPlaceholder() throws {
        let files = try scaffold("TAMediaAds").files
        for file in files {
            #expect(!file.contents.contains("{{"), "\(file.path) keeps a placeholder")
            #expect(file.contents.hasSuffix("\n"))
            #expect(!file.contents.contains("Acme"), "\(file.path) mentions the prototype's name")
        }
        let test = try #require(files.first { $0.path.hasSuffix("TAMediaAdsConformanceTests.swift") })
        #expect(test.contents.contains("static let taMediaAdsAdapter: AdapterConformanceSubject = {"))
        #expect(test.contents.contains("import TAMediaAdsAdapter"))
        let adapter = try #require(files.first { $0.path.hasSuffix("TAMediaAdsNativeAdAdapter.swift") })
        #expect(adapter.contents.contains("public func taMediaAdsNativeAdDidRecordImpression("))
        let customEvent = try #require(files.first { $0.path.hasSuffix("TAMediaAdsNativeCustomEvent.swift") })
        #expect(customEvent.contents.contains(#"public static let identifier = "TAMediaAdsNativeCustomEvent""#))
        #expect(customEvent.contents.contains(#"public static let errorDomain = "com.example.tamediaads-network""#))
    }

    @Test func manifestDependsOnThisPackageByAbsolutePath() throws {
        let manifest = try #require(try scaffold().files.first { $0.path == "Package.swift" })
        #expect(manifest.contents.contains(#".package(name: "MediationKit", path: "\#(TestPaths.repositoryRoot)")"#))
        #expect(manifest.contents.contains("swiftLanguageModes: [.v6]"))
        #expect(manifest.contents.contains(".treatAllWarnings(as: .error)"))
        #expect(manifest.contents.contains(#".product(name: "MediationConformanceTesting", package: "MediationKit")"#))
        #expect(manifest.contents.contains(#".product(name: "MediationTesting", package: "MediationKit")"#))
        #expect(manifest.contents.contains(#".enableUpcomingFeature("ExistentialAny")"#))
    }

    @Test func conformanceTestRunsTheKitStrictlyAndPrintsTheTableOnSuccessToo() throws {
        let test = try #require(try scaffold().files.first { $0.path.hasSuffix("ConformanceTests.swift") })
        #expect(test.contents.contains("let report = await expectConformance(.acmeAdapter, options: .strict)"))
        #expect(test.contents.contains("print(report.table)\n        #expect(report.passed)"))
        #expect(!test.contents.contains("if !report.passed { print(report.table) }"))
        #expect(test.contents.contains("observe: { sandbox, ad in"))
        #expect(test.contents.contains("case .generated(let generated):"))
    }

    @Test func sandboxKeepsTheClickURLAndThePrivacyClickURLApart() throws {
        let files = try scaffold().files
        let ad = try #require(files.first { $0.path.hasSuffix("AcmeSandboxNativeAd.swift") })
        #expect(ad.contents.contains("clickURL: nil, privacyClickURL: content.url(.privacyClickURL))"))
        #expect(!ad.contents.contains("clickURL: content.url(.privacyClickURL)"))
        let customEvent = try #require(files.first { $0.path.hasSuffix("AcmeNativeCustomEvent.swift") })
        #expect(customEvent.contents.contains("for: .privacyClickURL)"))
    }

    @Test func relativeKitPathBecomesAbsolute() throws {
        let relative = TestPaths.repositoryRoot + "/Sources/.."
        let scaffold = try AdapterScaffold(networkName: "Acme", mediationKitPath: relative)
        #expect(scaffold.mediationKitPath == TestPaths.repositoryRoot)
    }

    @Test func kitPathMustHoldMediationKit() {
        let folder = TestPaths.freshTemporaryFolder("nokit")
        #expect(throws: ScaffoldError.notMediationKit(path: folder.path)) {
            try AdapterScaffold(networkName: "Acme", mediationKitPath: folder.path)
        }
    }

    @Test func writesEveryFileIntoANewFolder() throws {
        let folder = TestPaths.freshTemporaryFolder("write")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scaffold = try scaffold()
        let written = try scaffold.write(to: folder.path)
        #expect(written == scaffold.files.map(\.path))
        for file in scaffold.files {
            let text = try String(contentsOf: folder.appendingPathComponent(file.path), encoding: .utf8)
            #expect(text == file.contents)
        }
    }

    @Test func writesIntoAnExistingEmptyFolder() throws {
        let folder = TestPaths.freshTemporaryFolder("empty")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try scaffold().write(to: folder.path).count == 21)
    }

    @Test func refusesToOverwriteANonEmptyFolder() throws {
        let folder = TestPaths.freshTemporaryFolder("nonempty")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let existing = folder.appendingPathComponent("Package.swift")
        try Data("// mine\n".utf8).write(to: existing)
        #expect(throws: ScaffoldError.outputNotEmpty(path: folder.path)) { try scaffold().write(to: folder.path) }
        #expect(try String(contentsOf: existing, encoding: .utf8) == "// mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Package.swift"])
    }

    @Test func refusesAFileAsOutput() throws {
        let file = TestPaths.freshTemporaryFolder("file")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("x".utf8).write(to: file)
        #expect(throws: ScaffoldError.outputNotADirectory(path: file.path)) { try scaffold().write(to: file.path) }
    }

    @Test(arguments: ["Acme", "AcmeAds2", "ACME", "A", "MyNet", String(repeating: "A", count: 40)])
    func acceptsIdentifierNames(name: String) {
        #expect(throws: Never.self) { try AdapterScaffold.validate(networkName: name) }
    }

    @Test(arguments: [
        ("", "a network name is required (like Acme)"),
        ("acme", "it must start with an upper-case letter A-Z (like Acme)"),
        ("1Acme", "it must start with an upper-case letter A-Z (like Acme)"),
        ("Acme-Ads", "it may hold only the letters A-Z, a-z and the digits 0-9; found '-'"),
        ("Acme Ads", "it may hold only the letters A-Z, a-z and the digits 0-9; found ' '"),
        ("Acme_Ads", "it may hold only the letters A-Z, a-z and the digits 0-9; found '_'"),
        ("Acmé", "it may hold only the letters A-Z, a-z and the digits 0-9; found 'é'"),
        (String(repeating: "A", count: 41), "it has 41 characters; the most is 40"),
        ("TAMedia", "MediationKit already has a module named TAMediaAdapter; pick another name (like TAMediaNetwork)"),
        ("Reference", "the conformance kit's reference example already uses the Reference… type names;"),
    ])
    func rejectsNamesThatCannotNameTypes(name: String, reason: String) {
        let error = #expect(throws: ScaffoldError.self) { try AdapterScaffold.validate(networkName: name) }
        guard case .invalidNetworkName(let rejected, let message)? = error else {
            Issue.record("expected invalidNetworkName, got \(String(describing: error))")
            return
        }
        #expect(rejected == name)
        #expect(message.hasPrefix(reason))
    }

    @Test func errorsDescribeWhatAndWhere() {
        #expect(
            ScaffoldError.invalidNetworkName(name: "acme", reason: "it must start with an upper-case letter")
                .description
                == "invalid network name 'acme': it must start with an upper-case letter")
        #expect(
            ScaffoldError.outputNotEmpty(path: "/x").description
                == "output folder '/x' is not empty; refusing to overwrite anything (pick a new or empty folder)")
    }
}
