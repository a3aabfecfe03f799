// swift-tools-version: 6.2
// Interface stubs of UIKit, WebKit, the three vendor SDKs, os.Logger and swift-log: test-only, never a dependency of
// MediationKit. scripts/check-ios-glue.py builds these modules with swiftc and compiles the iOS glue against them;
// this manifest lets an editor open them (`swift build --package-path Tests/iOSStubs`).
import PackageDescription

let package = Package(
    name: "iOSStubs",
    products: [
        .library(
            name: "iOSStubs",
            targets: ["UIKit", "MyTargetSDK", "GoogleMobileAds", "TAMediaAdsFramework", "os", "Logging", "WebKit"])
    ],
    targets: [
        .target(name: "UIKit"),
        .target(name: "MyTargetSDK", dependencies: ["UIKit"]),
        .target(name: "GoogleMobileAds", dependencies: ["UIKit"]),
        .target(name: "TAMediaAdsFramework", dependencies: ["UIKit"]),
        .target(name: "os"),
        .target(name: "Logging"),
        .target(name: "WebKit", dependencies: ["UIKit"]),
    ],
    swiftLanguageModes: [.v6]
)
