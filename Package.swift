// swift-tools-version: 6.2
import PackageDescription

/// Every target: Swift 6 language mode (package-wide below), complete concurrency checking, warnings as errors.
let strictSettings: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "MediationKit",
    // Clock, Duration and ContinuousClock (the engine's time source) need iOS 16 / macOS 13 / tvOS 16 /
    // watchOS 9; nothing newer is used. docs/architecture.md, "Platforms".
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // Library products: what hosts and adapter authors import. MediationBridge is the adapter contract (adapters
    // import it alone); MediationCore is the engine and the host API and re-exports MediationBridge. The bench,
    // the scaffold and the built-in conformance subjects are internal targets of the CLI and the tests.
    products: [
        .library(name: "MediationBridge", targets: ["MediationBridge"]),
        .library(name: "MediationCore", targets: ["MediationCore"]),
        .library(name: "MediationTesting", targets: ["MediationTesting"]),
        .library(name: "MediationConformance", targets: ["MediationConformance"]),
        .library(name: "MediationConformanceTesting", targets: ["MediationConformanceTesting"]),
        .library(name: "NetworkSandbox", targets: ["NetworkSandbox"]),
        .library(name: "MediationNetworking", targets: ["MediationNetworking"]),
        .library(name: "MediationVAST", targets: ["MediationVAST"]),
        .library(name: "MediationVASTNetworking", targets: ["MediationVASTNetworking"]),
        .library(name: "MediationOpenRTB", targets: ["MediationOpenRTB"]),
        .library(name: "MediationOpenRTBBidding", targets: ["MediationOpenRTBBidding"]),
        .library(name: "MyTargetAdapters", targets: ["MyTargetAdapters"]),
        .library(name: "GoogleCustomNativeAdapter", targets: ["GoogleCustomNativeAdapter"]),
        .library(name: "TAMediaAdapter", targets: ["TAMediaAdapter"]),
        .executable(name: "mediation", targets: ["MediationCLI"]),
    ],
    targets: [
        // Package-only infrastructure below the bridge (the lock box, saturating conversions, terminal-safe text,
        // duration readings): nothing in it is public and it is not a product, so an outside adapter cannot name it.
        .target(name: "MediationSupport", swiftSettings: strictSettings),
        .target(
            name: "MediationBridge", dependencies: ["MediationSupport"], resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        .target(
            name: "MediationCore", dependencies: ["MediationBridge", "MediationSupport"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        .target(
            name: "MediationTesting", dependencies: ["MediationCore", "InstreamSimulation", "MediationSupport"],
            swiftSettings: strictSettings),
        // A simulated in-stream network and player on the bridge alone: MediationTesting re-exports it, and
        // NetworkSandbox's myTarget in-stream stand-ins play through it (not a product of its own).
        .target(
            name: "InstreamSimulation", dependencies: ["MediationBridge", "MediationSupport"],
            swiftSettings: strictSettings),
        .target(
            name: "MediationNetworking", dependencies: ["MediationCore", "MediationSupport"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        // VAST 2.0-4.3 documents, media selection, macros and wrapper resolution (Foundation and FoundationXML).
        .target(
            name: "MediationVAST", dependencies: ["MediationBridge", "MediationSupport"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        // VAST wrapper documents fetched over the hardened HTTP path.
        .target(
            name: "MediationVASTNetworking",
            dependencies: ["MediationVAST", "MediationNetworking", "MediationSupport"],
            resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: strictSettings),
        // OpenRTB Native 1.2 markup as a unified ad, the Native request builder and the OpenRTB 2.6 bid
        // request/response values (bridge only); the HTTP bidder beside MediationNetworking.
        .target(
            name: "MediationOpenRTB", dependencies: ["MediationBridge", "MediationSupport"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        .target(
            name: "MediationOpenRTBBidding",
            dependencies: ["MediationOpenRTB", "MediationNetworking", "MediationCore", "MediationSupport"],
            resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: strictSettings),
        .target(
            name: "MyTargetAdapters", dependencies: ["MediationBridge", "MediationSupport"], path: "Adapters/MyTarget",
            exclude: ["README.md"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        .target(
            name: "GoogleCustomNativeAdapter", dependencies: ["MediationBridge", "MediationSupport"],
            path: "Adapters/GoogleCustomNative",
            exclude: ["README.md"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        .target(
            name: "TAMediaAdapter", dependencies: ["MediationBridge"], path: "Adapters/TAMedia", exclude: ["README.md"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: strictSettings),
        .target(
            name: "NetworkSandbox",
            dependencies: [
                "MediationBridge", "MyTargetAdapters", "GoogleCustomNativeAdapter", "TAMediaAdapter",
                "InstreamSimulation", "MediationSupport",
            ],
            swiftSettings: strictSettings),
        // The built-in adapters' conformance subjects over the sandbox, for the CLI and the tests (not a product).
        .target(
            name: "SandboxConformanceSubjects",
            dependencies: [
                "MediationCore", "NetworkSandbox", "MyTargetAdapters", "GoogleCustomNativeAdapter", "TAMediaAdapter",
                "MediationOpenRTB", "MediationVAST", "MediationConformance", "MediationTesting",
            ],
            swiftSettings: strictSettings),
        .target(
            name: "MediationConformance", dependencies: ["MediationCore", "MediationTesting", "MediationSupport"],
            swiftSettings: strictSettings),
        .target(
            name: "MediationConformanceTesting", dependencies: ["MediationConformance"],
            swiftSettings: strictSettings),
        .target(name: "MediationScaffold", swiftSettings: strictSettings),
        .target(name: "FuzzCorpusReplay", path: "Fuzz/FuzzCorpusReplay", swiftSettings: strictSettings),
        .executableTarget(
            name: "AdResponseFuzzer", dependencies: ["MediationCore", "FuzzCorpusReplay"],
            path: "Fuzz/AdResponseFuzzer", swiftSettings: strictSettings),
        .executableTarget(
            name: "NativeAdPropertiesFuzzer", dependencies: ["MediationCore", "FuzzCorpusReplay"],
            path: "Fuzz/NativeAdPropertiesFuzzer", swiftSettings: strictSettings),
        .executableTarget(
            name: "VASTParserFuzzer", dependencies: ["MediationVAST", "FuzzCorpusReplay"],
            path: "Fuzz/VASTParserFuzzer", swiftSettings: strictSettings),
        .executableTarget(
            name: "NativeMarkupFuzzer", dependencies: ["MediationOpenRTB", "FuzzCorpusReplay"],
            path: "Fuzz/NativeMarkupFuzzer", swiftSettings: strictSettings),
        .target(
            name: "MediationBench",
            dependencies: ["MediationCore", "MediationTesting", "CHeapStatistics", "MediationSupport"],
            swiftSettings: strictSettings),
        // The malloc heap's bytes in use, for the bench's memory figures (C: glibc's mallinfo2 has no Swift import).
        .target(name: "CHeapStatistics"),
        .executableTarget(
            name: "MediationCLI",
            dependencies: [
                "MediationCore", "MediationTesting", "MediationConformance", "NetworkSandbox", "MyTargetAdapters",
                "GoogleCustomNativeAdapter", "TAMediaAdapter", "MediationScaffold", "MediationNetworking",
                "MediationBench", "SandboxConformanceSubjects", "MediationVAST", "MediationVASTNetworking",
                "MediationOpenRTB", "MediationOpenRTBBidding", "MediationSupport",
            ],
            resources: [
                .copy("Resources/default-ad-response.json"), .copy("Resources/auction-ad-response.json"),
                .copy("Resources/openrtb-bid-response.json"), .copy("Resources/instream-auction-ad-response.json"),
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MediationCoreTests",
            dependencies: ["MediationBridge", "MediationCore", "MediationTesting", "MediationSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MyTargetAdaptersTests",
            dependencies: [
                "MyTargetAdapters", "NetworkSandbox", "MediationTesting", "MediationConformance",
                "MediationConformanceTesting", "SandboxConformanceSubjects", "MediationSupport",
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "GoogleCustomNativeAdapterTests",
            dependencies: [
                "GoogleCustomNativeAdapter", "NetworkSandbox", "MediationTesting", "MediationConformance",
                "MediationConformanceTesting", "SandboxConformanceSubjects", "MediationSupport",
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "TAMediaAdapterTests",
            dependencies: [
                "TAMediaAdapter", "NetworkSandbox", "MediationTesting", "MediationConformance",
                "MediationConformanceTesting", "SandboxConformanceSubjects",
            ],
            swiftSettings: strictSettings),
        // A child process for the networking tests: memory measured apart from the test runner, and SIGKILL.
        .executableTarget(
            name: "NetworkingProbe",
            dependencies: [
                "MediationNetworking", "MediationCore", "MediationTesting", "MediationVAST", "MediationVASTNetworking",
                "InstreamSimulation", "MediationSupport",
            ],
            path: "Tests/NetworkingProbe", swiftSettings: strictSettings),
        .testTarget(
            name: "MediationNetworkingTests",
            dependencies: [
                "MediationNetworking", "MediationTesting", "NetworkSandbox", "TAMediaAdapter", "NetworkingProbe",
                "MediationVASTNetworking", "MediationSupport",
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MediationVASTTests", dependencies: ["MediationVAST", "MediationSupport"], exclude: ["Fixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MediationOpenRTBTests",
            dependencies: ["MediationOpenRTB", "MediationOpenRTBBidding", "MediationTesting", "MediationNetworking"],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MediationBenchTests",
            dependencies: ["MediationBench", "MediationCore", "MediationTesting", "MediationSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "NetworkSandboxTests", dependencies: ["NetworkSandbox", "MediationTesting"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MediationConformanceTests",
            dependencies: [
                "MediationConformance", "MediationConformanceTesting", "MediationTesting", "NetworkSandbox",
                "SandboxConformanceSubjects", "MediationVAST", "MediationSupport",
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "HostIntegrationTests",
            dependencies: ["MediationCore", "MediationTesting", "NetworkSandbox", "GoogleCustomNativeAdapter"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "MediationCLITests",
            dependencies: [
                "MediationCLI", "MediationScaffold", "MediationConformance", "NetworkSandbox", "MyTargetAdapters",
                "GoogleCustomNativeAdapter", "TAMediaAdapter", "MediationBench", "SandboxConformanceSubjects",
                "MediationSupport",
            ],
            swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
