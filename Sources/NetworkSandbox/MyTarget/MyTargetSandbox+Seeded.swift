import MediationBridge
import MyTargetAdapters

extension MyTargetSandbox {
    /// A sandbox whose `slots` answer as `seed` decides: mostly fills of 1…20 sample banners with latencies of
    /// 50…800 ms, some no fills, a few network errors and the odd banner with failing media. For demos and
    /// benchmarks; the same seed gives the same answers.
    public static func seeded(seed: UInt64, slots: [UInt], clock: MediationClock = .continuous) -> MyTargetSandbox {
        let sandbox = MyTargetSandbox(clock: clock)
        var generator = SeededRandomNumberGenerator(seed: seed)
        for slot in slots {
            sandbox.setScript(sampleScript(using: &generator), forSlot: slot)
        }
        return sandbox
    }

    /// One sample slot answer drawn from `generator`.
    public static func sampleScript(using generator: inout SeededRandomNumberGenerator) -> MyTargetSandboxScript {
        let behavior = SandboxBehavior(latency: .milliseconds(Int.random(in: 50...800, using: &generator)))
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<15:
            return .noFill(behavior: behavior)
        case 15..<20:
            return .error(
                code: MyTargetAdLoadingError.networkFailedCode, message: "Network connection failed",
                behavior: behavior)
        default:
            let count = Int.random(in: 1...20, using: &generator)
            let banners = (0..<count).map { index in
                let banner = MyTargetSandboxContent.sampleBanner(index: index, using: &generator)
                let media: MyTargetSandboxMedia =
                    Int.random(in: 0..<10, using: &generator) == 0
                    ? .failing(.always, latency: .milliseconds(100))
                    : MyTargetSandboxMedia(latency: .milliseconds(Int.random(in: 0...200, using: &generator)))
                return MyTargetSandboxBanner(banner, media: media)
            }
            return .fill(banners, behavior: behavior)
        }
    }
}
