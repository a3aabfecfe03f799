import Foundation
import MediationCore
import MediationSupport
import MediationTesting
import MyTargetAdapters
import NetworkSandbox
import Testing

/// One custom-event run over the sandbox on a manual clock, with everything recorded.
final class MyTargetHarness {
    static let slot: UInt = 4242
    static let impressionTracker = URL(string: "https://tracker.example/imp")!
    static let clickTracker = URL(string: "https://tracker.example/click")!

    let manualClock = ManualClock()
    let clock: MediationClock
    let sandbox: MyTargetSandbox
    let viewRegistry = MyTargetViewRegistry()
    let logger = RecordingLogger()
    let pinger = RecordingTrackerPinger()
    let delegate = RecordingCustomEventDelegate()
    let customEvent: MyTargetNativeBannerCustomEvent

    init(_ script: MyTargetSandboxScript? = nil) {
        clock = MediationClock(manualClock)
        sandbox = MyTargetSandbox(clock: clock)
        if let script { sandbox.setScript(script, forSlot: Self.slot) }
        customEvent = MyTargetNativeBannerCustomEvent(factory: sandbox, viewRegistry: viewRegistry)
    }

    static let source = NativeAdSource(
        customEventIdentifier: MyTargetNativeBannerCustomEvent.identifier, networkName: "myTarget",
        impressionTrackers: [impressionTracker], clickTrackers: [clickTracker])

    func context(
        delegate: (any NativeCustomEventDelegate)? = nil, privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none, logger: (any MediationLogger)? = nil
    ) -> NativeAdRequestContext {
        NativeAdRequestContext(
            delegate: delegate ?? self.delegate, privacy: privacy, targeting: targeting, clock: clock,
            logger: logger ?? self.logger, trackerPinger: pinger, source: Self.source)
    }

    /// Requests an ad with `info` (the harness slot by default).
    func request(
        _ info: CustomEventInfo = ["slotId": .string("4242")], adMarkup: String? = nil,
        privacy: PrivacySettings = .unrestricted,
        targeting: Targeting = .none
    ) {
        customEvent.requestAd(
            info: info, adMarkup: adMarkup, context: context(privacy: privacy, targeting: targeting))
    }

    /// A second custom event on the same sandbox and view registry.
    func makeCustomEvent() -> MyTargetNativeBannerCustomEvent {
        MyTargetNativeBannerCustomEvent(factory: sandbox, viewRegistry: viewRegistry)
    }

    /// The loaded ad.
    func loadedAd(sourceLocation: SourceLocation = #_sourceLocation) throws -> NativeAd {
        #expect(delegate.outcomes.count == 1, sourceLocation: sourceLocation)
        return try #require(delegate.loadedAd, "expected a load, got \(String(describing: delegate.error))")
    }

    /// The loaded ad's adapter.
    func loadedAdapter() throws -> MyTargetNativeBannerAdapter {
        try #require(try loadedAd().adapter as? MyTargetNativeBannerAdapter)
    }

    /// The sandbox SDK ad behind an adapter.
    static func sdkAd(of adapter: MyTargetNativeBannerAdapter) throws -> MyTargetSandboxNativeBannerAd {
        try #require(adapter.nativeBannerAd as? MyTargetSandboxNativeBannerAd)
    }

    /// The sandbox SDK ad behind the loaded ad.
    func loadedSDKAd() throws -> MyTargetSandboxNativeBannerAd {
        try Self.sdkAd(of: try loadedAdapter())
    }
}

/// A plain view for clickable sub-views.
final class TestView: Sendable {}

/// A rendering surface with a title and a call-to-action sub-view that take clicks.
@MainActor
final class ClickableSurface: NativeAdRendering, MyTargetClickableViewsProviding {
    let availableSlots: Set<NativeAdSlot> = [.title, .callToAction, .icon]
    let titleView = TestView()
    let callToActionView = TestView()
    let bodyView = TestView()
    let listsClickableViews: Bool

    init(listsClickableViews: Bool = true) {
        self.listsClickableViews = listsClickableViews
    }

    var myTargetClickableViews: [AnyObject] { listsClickableViews ? [titleView, callToActionView] : [] }

    func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) {}
}

/// Collects an adapter's media and AdChoices events.
final class EventRecorder: Sendable {
    private let recorded = Locked<[MyTargetNativeBannerEvent]>([])

    var events: [MyTargetNativeBannerEvent] { recorded.current }

    func attach(to adapter: MyTargetNativeBannerAdapter) {
        adapter.eventHandler = { [recorded] event in recorded.withLock { $0.append(event) } }
    }
}

/// A logger that calls back on every message (to wait for a background callback without sleeping).
final class SignallingLogger: MediationLogger {
    let onMessage = Locked<(@Sendable (String) -> Void)?>(nil)

    func isEnabled(_ level: MediationLogLevel) -> Bool { true }

    func record(_ entry: MediationLogEntry) {
        let handler = onMessage.current
        handler?(entry.message)
    }
}

extension RecordingLogger {
    /// Whether a message containing `text` was logged at `level`.
    func contains(_ text: String, level: MediationLogLevel) -> Bool {
        entries.contains { $0.level == level && $0.message.contains(text) }
    }
}

/// A host AdChoices menu that records what the SDK put in it.
final class RecordingMenu: MyTargetMenu {
    private let recorded = Locked<(actions: [MyTargetMenuAction], presentations: Int)>(([], 0))

    var actions: [MyTargetMenuAction] { recorded.current.actions }
    var presentationCount: Int { recorded.current.presentations }

    func addMenuAction(_ action: MyTargetMenuAction) {
        recorded.withLock { $0.actions.append(action) }
    }

    func present(in viewController: AnyObject?, sourceView: AnyObject?) {
        recorded.withLock { $0.presentations += 1 }
    }

    /// Taps the entry titled `title`.
    func tap(_ title: String) throws {
        try #require(actions.first { $0.title == title }).handleClick()
    }
}

/// Makes ``RecordingMenu``s and keeps them.
final class RecordingMenuFactory: MyTargetMenuFactory {
    private let made = Locked<[RecordingMenu]>([])

    var menus: [RecordingMenu] { made.current }

    func makeMenu() -> any MyTargetMenu {
        let menu = RecordingMenu()
        made.withLock { $0.append(menu) }
        return menu
    }
}
