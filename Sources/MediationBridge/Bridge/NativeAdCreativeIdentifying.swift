/// An adapter whose network names the creative it loaded: the engine counts frequency caps per creative with it
/// (MediationCore's `FrequencyCapStore`), and ``NativeAd/creativeIdentifier`` shows it to the host.
///
/// Adopt it when the network's ad object carries the creative's identifier (AppLovin MAX and LevelPlay name it
/// the creative ID); an adapter that does not adopt it, or answers `nil` or an empty string, leaves the ad with the
/// creative identifier its line carried (``NativeAdSource/creativeIdentifier``: the ad server's `x-creative-id`,
/// or a bid's `crid`), if any.
public protocol NativeAdCreativeIdentifying: NativeAdAdapter {
    /// The network's identifier of the creative this ad shows; `nil` when the network gives none.
    var creativeIdentifier: String? { get }
}
