import Foundation
import MediationConformance
import MediationCore
import MediationSupport
import MediationTesting

/// A "network" made of MediationTesting's doubles: each custom event is a `ScriptedCustomEvent` whose script is
/// the scenario arranged last; its ads are `ScriptedNativeAdAdapter`s.
final class ScriptedNetwork: Sendable {
    static let identifier = "ScriptedNativeCustomEvent"
    static let requiredKey = "unitId"

    private struct State {
        var scenario = ConformanceScenario.sampleFill()
        var events: [ScriptedCustomEvent] = []
    }

    private let state = Locked(State())

    func arrange(_ scenario: ConformanceScenario) {
        state.withLock { $0.scenario = scenario }
    }

    /// A scripted custom event following the current scenario.
    func makeCustomEvent() -> ScriptedCustomEvent {
        let scenario = state.withLock { $0.scenario }
        let outcome: CustomEventScript.Outcome
        switch scenario.answer {
        case .fill(let content): outcome = .fill(content ?? Self.sampleProperties)
        // Scripted doubles carry unified values only, not raw network fields; the subject declares no mapping.
        case .generated: outcome = .fill(Self.sampleProperties)
        case .noFill: outcome = .fail(.noFill)
        case .error(let code, let message):
            outcome = .fail(.networkError(NetworkErrorInfo(domain: "scripted", code: code, message: message)))
        case .never: outcome = .never
        }
        var script = CustomEventScript(
            outcome, latency: scenario.latency,
            delivery: scenario.delivery == .clockThread ? .onClock : .backgroundThread,
            requiredInfoKeys: [Self.requiredKey], handlesImpressions: true, handlesClicks: true)
        // The doubles model no markup load call: they declare no bidding support, and so refuse markup.
        script.supportsBidding = false
        let event = ScriptedCustomEvent(identifier: Self.identifier, script: script)
        state.withLock { $0.events.append(event) }
        return event
    }

    /// Requests that got past the required-info and markup checks, which is where a scripted event would call its
    /// network.
    var loadAttempts: Int {
        state.withLock { $0.events }.flatMap(\.requests).count {
            $0.info.string(Self.requiredKey) != nil && $0.adMarkup == nil
        }
    }

    static let sampleProperties: NativeAdProperties = {
        var properties = NativeAdProperties()
        try? properties.setText("Scripted title", for: .title)
        try? properties.setText("Install", for: .callToAction)
        if let url = URL(string: "https://cdn.scripted.example/icon.png") {
            try? properties.setImage(AdImage(url: url), for: .iconImage)
        }
        try? properties.set(.number(3), for: .starRating)
        return properties
    }()

    static let subject = AdapterConformanceSubject(
        name: "Scripted doubles (MediationTesting)",
        customEventIdentifier: identifier,
        validInfo: [requiredKey: .number(7)],
        requiredInfoKeys: [requiredKey],
        filledProperties: [.title: .text, .callToAction: .text, .iconImage: .image, .starRating: .number],
        rendererConfigurations: [StaticNativeAdRenderer.configuration(customEvents: [identifier])],
        adapterVersion: { "1.0.0" },
        networkSDKVersion: { "scripted" },
        network: ConformanceNetworkDriver(
            makeStandIn: { _ in ScriptedNetwork() },
            arrange: { network, scenario in network.arrange(scenario) },
            trigger: { _, event, ad in
                guard let adapter = ad.adapter as? ScriptedNativeAdAdapter else { return false }
                switch event {
                case .impression: adapter.simulateImpression()
                case .click: adapter.simulateClick()
                case .willPresentModal: adapter.simulateWillPresentModal()
                case .didDismissModal: adapter.simulateDidDismissModal()
                case .willLeaveApplication: adapter.simulateWillLeaveApplication()
                }
                return true
            },
            loadAttempts: { network in network.loadAttempts }),
        makeCustomEvent: { network in network.makeCustomEvent() })
}
