import Foundation

/// One `Ad` of a VAST document: an `InLine` ad (everything needed to play) or a `Wrapper` (a pointer to the next
/// document plus trackers to merge). Fields that only one kind has are `nil` or empty on the other.
public struct VASTAd: Sendable, Hashable {
    /// `InLine` or `Wrapper`.
    public enum Kind: String, Sendable, Hashable {
        /// An `InLine` ad.
        case inline
        /// A `Wrapper` ad.
        case wrapper
    }

    /// `id`.
    public var id: String?
    /// `sequence`: its place in the pod; `nil` for a stand-alone (buffet) ad.
    public var sequence: Int?
    /// `adType` (`video`, `audio`, `hybrid`; default `video`).
    public var adType: String
    /// `conditionalAd` (deprecated in 4.1).
    public var conditionalAd: Bool
    /// InLine or Wrapper.
    public var kind: Kind
    /// `AdSystem`.
    public var adSystem: VASTAdSystem?
    /// `AdTitle` (InLine).
    public var adTitle: String?
    /// `Advertiser` (InLine).
    public var advertiser: String?
    /// `Description` (InLine).
    public var adDescription: String?
    /// `AdServingId` (InLine, VAST 4.1).
    public var adServingId: String?
    /// `Category` (InLine).
    public var categories: [VASTCategory]
    /// `Pricing`.
    public var pricing: VASTPricing?
    /// `Expires` in seconds (InLine).
    public var expires: Int?
    /// `Impression` URLs; after wrapper resolution, the wrappers' first, outermost first.
    public var impressions: [VASTImpression]
    /// `Error` URLs; after wrapper resolution, the wrappers' first. Made from their texts when asked for.
    public var errorURLs: [URL] {
        get { errorURLTexts.map(\.url) }
        set { errorURLTexts = newValue.map(VASTURLText.init) }
    }
    /// The texts of ``errorURLs``.
    var errorURLTexts: [VASTURLText]
    /// `ViewableImpression` URLs by kind (`Viewable`, `NotViewable`, `ViewUndetermined`).
    public var viewableImpression: [String: [URL]]
    /// `AdVerifications/Verification` (and VAST 3 `Extension type="AdVerifications"` is left in extensions).
    public var verifications: [VASTVerification]
    /// `Extensions/Extension`, raw.
    public var extensions: [VASTExtension]
    /// `Creatives/Creative`, in document order.
    public var creatives: [VASTCreative]
    /// The wrapper's tag URI and options; `nil` for an InLine ad.
    public var wrapper: VASTWrapperInfo?
    /// The element path of the ad in its document.
    public var path: String

    /// The first linear creative, when there is one.
    public var linear: VASTLinear? {
        creatives.lazy.compactMap(\.linear).first
    }

    /// VAST 101 (schema validation) for an InLine ad without a `Creative` it can use: the VAST 4 schema requires
    /// `InLine/Creatives` with at least one `Creative`; `nil` otherwise (a wrapper needs none).
    public var missingCreativesError: VASTError? {
        guard kind == .inline, creatives.isEmpty else { return nil }
        return VASTError(
            .schemaValidation, "an InLine ad needs at least one Creative (InLine/Creatives/Creative, VAST 4 schema)",
            path: path)
    }
}
