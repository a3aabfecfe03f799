extension OnceOnlyRequest where Reporter == any InstreamCustomEventDelegate {
    /// Begins an in-stream custom event's load, reporting to `delegate`: `true` the first time. A second `load`
    /// (after the first, or after ``stop()``) returns `false` and is ignored: it reports nothing and the first
    /// load goes on.
    public func begin(delegate: any InstreamCustomEventDelegate) -> Bool {
        begin(reporting: delegate)
    }

    /// Reports the load's one outcome, that the data loaded with `availableMidpoints`, if the load is still
    /// open. The held resource (the SDK ad) stays held, to play.
    ///
    /// - Returns: whether it was reported; a second outcome and one after ``stop()`` are dropped.
    @discardableResult
    public func finishLoading(availableMidpoints: [Double]) -> Bool {
        guard let delegate = takeOutcome(claimed: false, releasingResource: false) else { return false }
        delegate.customEventDidLoad(availableMidpoints: availableMidpoints)
        return true
    }

    /// Reports the load's one outcome, that nothing can play (`reason`), if the load is still open.
    ///
    /// - Returns: whether it was reported; a second outcome and one after ``stop()`` are dropped.
    @discardableResult
    public func failLoading(reason: String) -> Bool {
        guard let delegate = takeOutcome(claimed: false, releasingResource: false) else { return false }
        delegate.customEventDidFailToLoad(reason: reason)
        return true
    }

    /// The delegate for what follows a load (banners, section complete, modal events): `nil` before the load's
    /// outcome and after ``stop()``, so that a cancelled ad stays silent.
    public var eventDelegate: (any InstreamCustomEventDelegate)? { reporterAfterOutcome }
}
