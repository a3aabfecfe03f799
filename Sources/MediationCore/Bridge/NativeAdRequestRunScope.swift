/// What every line of one run hands its custom event, made once per run: the privacy and targeting snapshot,
/// the clock, the logger, the precacher, the pinger, the ad lifetime and the URL policy.
///
/// A ``NativeAdRequestContext`` holds one reference to it besides its own delegate and source, so that making,
/// copying and capturing a context costs a few references, not a copy of every setting.
final class NativeAdRequestRunScope: Sendable {
    let privacy: PrivacySettings
    /// Already redacted for ``privacy``.
    let targeting: Targeting
    let clock: MediationClock
    let logger: any MediationLogger
    /// Already applies the URL policy.
    let imagePrecacher: any ImagePrecaching
    let trackerPinger: any TrackerPinging
    let adLifetime: Duration
    let urlPolicy: MediationURLPolicy

    /// A scope whose targeting is already redacted for `privacy` and whose precacher already applies the URL
    /// policy.
    init(
        privacy: PrivacySettings, redactedTargeting: Targeting, clock: MediationClock, logger: any MediationLogger,
        policyImagePrecacher: URLPolicyImagePrecacher, trackerPinger: any TrackerPinging, adLifetime: Duration,
        urlPolicy: MediationURLPolicy
    ) {
        self.privacy = privacy
        targeting = redactedTargeting
        self.clock = clock
        self.logger = logger
        imagePrecacher = policyImagePrecacher
        self.trackerPinger = trackerPinger
        self.adLifetime = adLifetime
        self.urlPolicy = urlPolicy
    }
}
