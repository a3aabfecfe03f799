import MediationBridge
import MediationSupport
import TAMediaAdapter

/// The sandbox's `TAMediaSDKNativeAd`: answers its load as the network's script says, on the request's clock, and
/// lets tests play the user's part (impression, click, leaving the app).
public final class SandboxTADNativeAd: TAMediaSDKNativeAd, Sendable {
    /// The ad unit.
    public let adUnitId: String

    /// Held weakly: the network records its ads, so a strong reference back would keep both alive forever.
    private weak let network: SandboxTAMediaNetwork?
    private let clock: MediationClock
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any TAMediaSDKNativeAdDelegate)?
        var adContent: TAMediaSDKNativeAdContent?
        var loadCount = 0
    }

    init(adUnitId: String, network: SandboxTAMediaNetwork, clock: MediationClock) {
        self.adUnitId = adUnitId
        self.network = network
        self.clock = clock
    }

    /// The ad's delegate, held weakly.
    public var delegate: (any TAMediaSDKNativeAdDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// The loaded content, `nil` before a fill.
    public var adContent: TAMediaSDKNativeAdContent? { state.withLock { $0.adContent } }

    /// How many times ``loadRequest(_:)`` was called.
    public var loadCount: Int { state.withLock { $0.loadCount } }

    /// Records the request and schedules the scripted answer.
    public func loadRequest(_ request: TAMediaSDKRequest) {
        state.withLock { $0.loadCount += 1 }
        guard let network else { return }
        let script = network.recordLoad(SandboxTAMediaLoadRequest(adUnitId: adUnitId, request: request))
        if case .never = script.outcome { return }
        let outcome = script.outcome
        script.behavior.deliver(on: clock) { [self] in deliver(outcome) }
    }

    private func deliver(_ outcome: SandboxTAMediaScript.Outcome) {
        switch outcome {
        case .fill(let content):
            state.withLock { $0.adContent = content }
            delegate?.nativeAdDidReceiveAd(self)
        case .noFill:
            delegate?.nativeAd(
                self,
                didFailToReceiveAdWithError: TAMediaSDKRequestError(.noFill, localizedDescription: "No ad to show."))
        case .error(let error):
            delegate?.nativeAd(self, didFailToReceiveAdWithError: error)
        case .never:
            return
        }
        network?.didDeliverCallback()
    }

    // MARK: Simulated user events

    /// TAMedia's view counts an impression.
    public func simulateImpression() {
        delegate?.nativeAdDidImpression(self)
    }

    /// The user taps TAMedia's view.
    public func simulateClick() {
        delegate?.nativeAdDidClick(self)
    }

    /// The tap leaves the app (store, browser).
    public func simulateLeaveApplication() {
        delegate?.adViewWillLeaveApplication(self)
    }
}
