import MediationSupport
import MyTargetAdapters

extension MyTargetSandboxNativeBannerAd {
    /// The registered view became visible: the SDK counts the impression (`onAdShow`).
    ///
    /// - Returns: `false` (and nothing reported) when no view is registered or nothing is loaded.
    @discardableResult
    public func simulateShow() -> Bool {
        let delegate = state.withLock { state in
            state.isRegistered && state.banner != nil ? state.delegate : nil
        }
        guard let delegate else { return false }
        delegate.onAdShow(with: self)
        return true
    }

    /// The user tapped `view` (`nil`: the registered view itself) (`onAdClick`).
    ///
    /// - Returns: `false` (and nothing reported) when no view is registered, or when clickable views were
    ///   given and `view` is not one of them.
    @discardableResult
    public func simulateClick(on view: AnyObject? = nil) -> Bool {
        let target = state.withLock { state -> (delegate: (any MyTargetNativeBannerAdDelegate)?, view: AnyObject?)? in
            guard state.isRegistered, state.banner != nil else { return nil }
            if let clickable = state.clickableViews {
                guard let view, clickable.contains(ObjectIdentifier(view)) else { return nil }
            }
            return (state.delegate, view ?? state.registeredView)
        }
        guard let target, let delegate = target.delegate else { return false }
        delegate.onAdClick(withClickedView: target.view, nativeBannerAd: self)
        return true
    }

    /// The ad opens a modal, such as the store sheet (`onShowModal`).
    @discardableResult
    public func simulateShowModal() -> Bool {
        guard let delegate = loadedDelegate() else { return false }
        delegate.onShowModal(with: self)
        return true
    }

    /// The ad's modal was closed (`onDismissModal`).
    @discardableResult
    public func simulateDismissModal() -> Bool {
        guard let delegate = loadedDelegate() else { return false }
        delegate.onDismissModal(with: self)
        return true
    }

    /// A click leaves the app (`onLeaveApplication`).
    @discardableResult
    public func simulateLeaveApplication() -> Bool {
        guard let delegate = loadedDelegate() else { return false }
        delegate.onLeaveApplication(with: self)
        return true
    }

    /// The user tapped the AdChoices icon the SDK drew: the AdChoices menu opens (the host's, when the ad was
    /// created with a menu factory).
    ///
    /// - Returns: `false` when the SDK draws no icon (see ``drawnAdChoicesPlacement``).
    @discardableResult
    public func simulateAdChoicesIconTap() -> Bool {
        guard drawnAdChoicesPlacement != nil else { return false }
        openAdChoicesMenu(sourceView: registeredView)
        return true
    }

    /// The user picked "hide ad" in the AdChoices menu: the SDK asks `shouldCloseAutomatically` (yes without
    /// an option delegate), then hides the ad and reports `onCloseAutomatically`, or reports
    /// `closeIfAutomaticallyDisabled`.
    ///
    /// - Returns: `false` when the banner has no AdChoices.
    @discardableResult
    public func simulateAdChoicesHideAd() -> Bool {
        let delegate = state.withLock { state -> (any MyTargetNativeBannerAdChoicesOptionDelegate)?? in
            state.banner?.hasAdChoices == true ? .some(state.adChoicesOptionDelegate) : nil
        }
        guard let delegate else { return false }
        let closesAutomatically = delegate?.shouldCloseAutomatically() ?? true
        if closesAutomatically {
            state.withLock { $0.isHiddenBySDK = true }
            delegate?.onCloseAutomatically(self)
        } else {
            delegate?.closeIfAutomaticallyDisabled(self)
        }
        return true
    }

    private func loadedDelegate() -> (any MyTargetNativeBannerAdDelegate)? {
        state.withLock { $0.banner != nil ? $0.delegate : nil }
    }
}
