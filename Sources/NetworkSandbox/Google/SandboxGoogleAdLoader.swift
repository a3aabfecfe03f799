import GoogleCustomNativeAdapter
import MediationBridge
import MediationSupport

/// The sandbox's `GoogleSDKAdLoader`: answers each load as its network's script says, on the request's clock.
public final class SandboxGoogleAdLoader: GoogleSDKAdLoader, Sendable {
    /// The loader's ad unit.
    public let adUnitID: String
    /// The ad types it requests.
    public let adTypes: [GoogleSDKAdLoaderAdType]
    /// Its image options.
    public let options: GoogleSDKNativeAdImageAdLoaderOptions

    /// Held weakly: the network records its loaders, so a strong reference back would keep both alive forever.
    private weak let network: SandboxGoogleNetwork?
    private let clock: MediationClock
    private let state = Locked(State())

    private struct State {
        weak var delegate: (any GoogleSDKCustomNativeAdLoaderDelegate)?
        var isLoading = false
    }

    init(
        adUnitID: String, adTypes: [GoogleSDKAdLoaderAdType], options: GoogleSDKNativeAdImageAdLoaderOptions,
        network: SandboxGoogleNetwork, clock: MediationClock
    ) {
        self.adUnitID = adUnitID
        self.adTypes = adTypes
        self.options = options
        self.network = network
        self.clock = clock
    }

    /// Whether an answer is outstanding.
    public var isLoading: Bool { state.withLock { $0.isLoading } }

    /// The loader's delegate, held weakly.
    public var delegate: (any GoogleSDKCustomNativeAdLoaderDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
    }

    /// Records the request and schedules the scripted answer.
    public func load(_ request: GoogleSDKRequest) {
        guard let network else { return }
        let formatIDs = delegate?.customNativeAdFormatIDs(for: self) ?? []
        let script = network.recordLoad(
            SandboxGoogleLoadRequest(
                adUnitID: adUnitID, adTypes: adTypes, formatIDs: formatIDs, options: options, request: request))
        if case .never = script.outcome { return }
        state.withLock { $0.isLoading = true }
        let answer = makeAnswer(script.outcome, from: network)
        script.behavior.deliver(on: clock) { [self] in deliver(answer) }
    }

    private enum Answer {
        case ad(SandboxGoogleCustomNativeAd)
        case error(GoogleSDKRequestError)
        case none
    }

    private func makeAnswer(_ outcome: SandboxGoogleScript.Outcome, from network: SandboxGoogleNetwork) -> Answer {
        switch outcome {
        case .fill(let content):
            return .ad(network.makeAd(content: content, loadsImages: !options.disableImageLoading))
        case .noFill:
            return .error(GoogleSDKRequestError(.noFill, localizedDescription: "Request Error: No ad to show."))
        case .error(let error):
            return .error(error)
        case .never:
            return .none
        }
    }

    private func deliver(_ answer: Answer) {
        state.withLock { $0.isLoading = false }
        let delegate = self.delegate
        switch answer {
        case .ad(let ad):
            delegate?.adLoader(self, didReceive: ad)
        case .error(let error):
            delegate?.adLoader(self, didFailToReceiveAdWithError: error)
        case .none:
            return
        }
        delegate?.adLoaderDidFinishLoading(self)
        network?.didDeliverCallback()
    }
}
