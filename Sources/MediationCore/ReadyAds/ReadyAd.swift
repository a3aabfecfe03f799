/// An ad a ``ReadyAdCache`` handed out: the ad, ready to render, and its run's result with the trace, which
/// says when it loaded and how long it waited (the trace JSON's `readyAd`: `loadedAtMs`, `waitedMs`).
public struct ReadyAd: Sendable {
    /// The loaded ad; its impression, click and billing rules are the ones of every ``NativeAd``.
    public let ad: NativeAd
    /// The run that loaded it, its trace carrying the hand-out record; pass it to the inspector as any result.
    public let result: MediationRunResult
    /// When the ad loaded, on the mediator's clock.
    package let loadedAt: MediationInstant
    /// When the cache handed it out, on the mediator's clock.
    package let handedOutAt: MediationInstant

    /// Creates a hand-out record.
    package init(ad: NativeAd, result: MediationRunResult, loadedAt: MediationInstant, handedOutAt: MediationInstant) {
        self.ad = ad
        self.result = result
        self.loadedAt = loadedAt
        self.handedOutAt = handedOutAt
    }

    /// How long the ad waited in the cache before it was handed out.
    package var waited: Duration { loadedAt.duration(to: handedOutAt) }

    /// The run's trace, with its hand-out record (the JSON's `readyAd`) set.
    package var trace: MediationTrace { result.trace }
}
