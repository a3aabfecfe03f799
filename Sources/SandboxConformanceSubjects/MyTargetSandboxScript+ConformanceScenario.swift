import Foundation
import MediationConformance
import MyTargetAdapters
import NetworkSandbox

extension MyTargetSandboxScript {
    /// The script that makes a sandbox myTarget slot behave as `scenario` says.
    ///
    /// - `.fill(nil)`: `sample`, the sandbox's fully filled store banner unless given, with media that downloads
    ///   at once.
    /// - `.fill(properties)`: a banner carrying `properties` as far as a native banner can (see
    ///   ``MyTargetSandboxContent/banner(carrying:)``).
    /// - `.generated(ad)`: a store banner carrying the generated raw values (see
    ///   ``MyTargetSandboxContent/banner(generated:)``); its media download fails, as the SDK's would, when the
    ///   icon's location is not an http(s) URL.
    /// - `.noFill`: the SDK's "no banners" (3003); `.error(code:message:)`: that code and message in the SDK's
    ///   loading-error domain (the adapter reports code 3003 there as no fill, as it does for the real SDK);
    ///   `.never`: no answer.
    /// - Latency and thread: ``SandboxBehavior/init(_:)``. Media downloads take no time, so a fill is delivered
    ///   once the latency has passed.
    public init(_ scenario: ConformanceScenario, sample: MyTargetNativeBanner = MyTargetSandboxContent.storeBanner()) {
        let behavior = SandboxBehavior(scenario)
        switch scenario.answer {
        case .fill(nil):
            self = .fill(sample, behavior: behavior)
        case .fill(let properties?):
            self = .fill(MyTargetSandboxContent.banner(carrying: properties), behavior: behavior)
        case .generated(let generated):
            // The SDK preloads the icon; it cannot download one whose location is not an http(s) URL.
            let icon = generated.imageURLs[.iconImage].flatMap(URL.init(string:))
            let downloadable =
                icon.map { ["http", "https"].contains($0.scheme?.lowercased()) && $0.host != nil } ?? true
            self = .fill(
                MyTargetSandboxContent.banner(generated: generated),
                media: downloadable ? MyTargetSandboxMedia() : .failing(.always), behavior: behavior)
        case .noFill:
            self = .noFill(behavior: behavior)
        case .error(let code, let message):
            self = .error(code: code, message: message, behavior: behavior)
        case .never:
            self = Self(.never, behavior: behavior)
        }
    }
}
