import MediationSupport
import MyTargetAdapters

extension MyTargetSandboxNativeBannerAd {
    /// Every load call, in order.
    public var loadRequests: [LoadRequest] { state.withLock { $0.loadRequests } }

    /// Whether a view is registered.
    public var isRegistered: Bool { state.withLock { $0.isRegistered } }

    /// The registered view, while registered and alive.
    public var registeredView: (any AnyObject & Sendable)? {
        state.withLock { $0.isRegistered ? $0.registeredView : nil }
    }

    /// The identities of the clickable views given at register time; `nil` when the whole view is clickable.
    public var clickableViews: [ObjectIdentifier]? { state.withLock { $0.clickableViews } }

    /// How many times a view was registered.
    public var registerCount: Int { state.withLock { $0.registerCount } }

    /// How many times `unregisterView` was called.
    public var unregisterCount: Int { state.withLock { $0.unregisterCount } }

    /// The lazy media download's state.
    public var lazyMediaState: LazyMediaState { state.withLock { $0.lazyMedia } }

    /// How many media download attempts were made (at load or at register time).
    public var mediaAttemptCount: Int { state.withLock { $0.mediaAttemptCount } }

    /// How many times the host reported an AdChoices tap (`handleAdChoicesClick`).
    public var adChoicesClickCount: Int { state.withLock { $0.adChoicesClickCount } }

    /// How many times the AdChoices menu was shown (host tap or tap on the SDK-drawn icon).
    public var adChoicesMenuCount: Int { state.withLock { $0.adChoicesMenuCount } }

    /// How many times the user picked "Report ad" in the host's AdChoices menu.
    public var adReportCount: Int { state.withLock { $0.adReportCount } }

    /// Whether the SDK hid the ad after the user picked "hide ad".
    public var isHiddenBySDK: Bool { state.withLock { $0.isHiddenBySDK } }

    /// Where the SDK draws the AdChoices icon on the registered view: the placement (a corner, or the host's
    /// AdChoices view for manual), or `nil` when nothing is registered, the banner has no AdChoices, or the
    /// host draws it (drawing-manual).
    public var drawnAdChoicesPlacement: MyTargetAdChoicesPlacement? {
        state.withLock { state in
            guard state.isRegistered, state.banner?.hasAdChoices == true,
                state.settings.adChoicesPlacement.isDrawnBySDK
            else { return nil }
            return state.settings.adChoicesPlacement
        }
    }

    /// How many scheduled deliveries and downloads the ad started (cancelled or not).
    public var scheduledActionCount: Int { state.withLock { $0.pending.count } }
}
