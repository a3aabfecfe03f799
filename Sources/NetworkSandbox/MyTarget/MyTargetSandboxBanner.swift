import MyTargetAdapters

/// One banner a sandbox slot serves, with how its media downloads.
public struct MyTargetSandboxBanner: Sendable, Hashable {
    /// The banner content.
    public var banner: MyTargetNativeBanner
    /// How its media downloads.
    public var media: MyTargetSandboxMedia

    /// Creates a served banner.
    public init(_ banner: MyTargetNativeBanner, media: MyTargetSandboxMedia = .reliable) {
        self.banner = banner
        self.media = media
    }
}
