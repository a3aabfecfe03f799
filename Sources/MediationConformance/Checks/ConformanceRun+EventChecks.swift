import MediationCore
import MediationTesting

extension ConformanceRun {
    /// Network events on a loaded ad reach the adapter delegate once each, in order, and nothing else does,
    /// except what a click itself leads to: a network click may also announce a modal or leaving the app
    /// (MoPub's adapters and TAMedia's MoPub guide report a click as did-click then will-present-modal), once each.
    func checkForwarding(_ check: ConformanceCheck, of events: [ConformanceNetworkEvent]) -> ConformanceCheckResult {
        let session = makeSession()
        let loaded: (load: ConformanceSession.Load, ad: NativeAd)
        switch session.loadSampleAd() {
        case .success(let success): loaded = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        // A view-binding network reports events only on a bound ad: the kit binds it first, so that stand-ins
        // never show or bind ads themselves.
        if (loaded.ad.adapter as? any NativeAdViewBindingAdapter)?.bindsAssetViews == true,
            let problem = session.show(loaded.ad)
        {
            return .failed(check, problem)
        }
        let recorder = RecordingAdapterDelegate()
        loaded.ad.adapter.delegate = recorder
        var triggered: [ConformanceNetworkEvent] = []
        withExtendedLifetime(loaded.load.customEvent) {
            for event in events where session.harness.trigger(event, loaded.ad) {
                triggered.append(event)
            }
        }
        guard !triggered.isEmpty else {
            return .skipped(check, "the network stand-in cannot report \(events.map(\.rawValue))")
        }
        let expected = triggered.map(\.adapterDelegateEvent)
        let received = withExtendedLifetime(recorder) { recorder.events }
        guard received.matchesForwarding(of: expected) else {
            let sent = triggered.map { "1 × \($0.rawValue)" }.joined(separator: ", ")
            return .failed(check, "the network reported \(sent); the adapter delegate got \(received.tally)")
        }
        let skippedNote =
            triggered.count < events.count
            ? " (the stand-in cannot report \(events.filter { !triggered.contains($0) }.map(\.rawValue)))" : ""
        let names = expected.map(\.rawValue).joined(separator: ", ")
        let order =
            expected.count > 1
            ? " each reached the adapter delegate once, in order" : " reached the adapter delegate once"
        return .passed(check, "\(names)\(order)\(skippedNote)")
    }
}

extension ConformanceNetworkEvent {
    /// The adapter delegate call a network event must turn into.
    var adapterDelegateEvent: RecordingAdapterDelegate.Event {
        switch self {
        case .impression: .willLogImpression
        case .click: .didClick
        case .willPresentModal: .willPresentModal
        case .didDismissModal: .didDismissModal
        case .willLeaveApplication: .willLeaveApplication
        }
    }
}

extension [RecordingAdapterDelegate.Event] {
    /// Whether these received events forward `expected`: every expected event exactly as often and in order,
    /// plus at most one modal presentation and one leave-application as the consequence of an expected click.
    func matchesForwarding(of expected: [RecordingAdapterDelegate.Event]) -> Bool {
        let clickConsequences: Set<RecordingAdapterDelegate.Event> = [.willPresentModal, .willLeaveApplication]
        let allowedExtras = expected.contains(.didClick) ? clickConsequences.subtracting(expected) : []
        let forwarded = filter { !allowedExtras.contains($0) }
        let extras = filter { allowedExtras.contains($0) }
        return forwarded == expected && Set(extras).count == extras.count
    }

    /// `2 × willLogImpression, 1 × didClick` in first-seen order, or `nothing`.
    var tally: String {
        guard !isEmpty else { return "nothing" }
        var order: [RecordingAdapterDelegate.Event] = []
        for event in self where !order.contains(event) { order.append(event) }
        return order.map { event in "\(count { $0 == event }) × \(event.rawValue)" }.joined(separator: ", ")
    }
}
