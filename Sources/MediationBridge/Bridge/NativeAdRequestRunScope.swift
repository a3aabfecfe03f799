/// What every line of one run hands its custom event, made once per run: the privacy and targeting snapshot,
/// the clock, the logger, the precacher, the pinger, the ad lifetime and the URL policy.
///
/// A ``NativeAdRequestContext`` holds one reference to it besides its own delegate and source, so that making,
/// copying and capturing a context costs a few references, not a copy of every setting.
///
/// It is the part of a run a custom event sees; the engine's description of the whole run (the mediator's
/// services, the rules, the run's id) is MediationCore's `WaterfallRunEnvironment`, which this module, the one
/// adapter authors compile against, cannot see.
package final class NativeAdRequestRunScope: Sendable {
    package let privacy: PrivacySettings
    /// Already redacted for ``privacy``.
    package let targeting: Targeting
    package let clock: MediationClock
    package let logger: any MediationLogger
    /// Already applies the URL policy.
    package let imagePrecacher: any ImagePrecaching
    package let trackerPinger: any TrackerPinging
    package let adLifetime: Duration
    package let urlPolicy: MediationURLPolicy

    /// A scope for `privacy`: `targeting` is redacted for it, and `imagePrecacher` is wrapped so that it applies
    /// the URL policy (unless it already does). Both happen here, once, so that no line's context does them again.
    package init(
        privacy: PrivacySettings, targeting: Targeting, clock: MediationClock, logger: any MediationLogger,
        imagePrecacher: any ImagePrecaching, trackerPinger: any TrackerPinging, adLifetime: Duration,
        urlPolicy: MediationURLPolicy
    ) {
        self.privacy = privacy
        self.targeting = targeting.redacted(for: privacy)
        self.clock = clock
        self.logger = logger
        self.imagePrecacher =
            imagePrecacher as? URLPolicyImagePrecacher
            ?? URLPolicyImagePrecacher(base: imagePrecacher, logger: logger, policy: urlPolicy)
        self.trackerPinger = trackerPinger
        self.adLifetime = adLifetime
        self.urlPolicy = urlPolicy
    }
}
