import Foundation

/// The element names ``VASTElementReader`` looks up, as one-byte codes: each element's local name is turned
/// into its code once, when the tree is built, so that a lookup among an element's children compares bytes, not
/// names.
enum VASTElementName: UInt8, CaseIterable {
    case ad
    case adParameters
    case adServingId
    case adSystem
    case adTitle
    case adVerifications
    case advertiser
    case altText
    case blockedAdCategories
    case category
    case clickThrough
    case clickTracking
    case closedCaptionFile
    case closedCaptionFiles
    case companion
    case companionAds
    case companionClickThrough
    case companionClickTracking
    case creative
    case creativeExtension
    case creativeExtensions
    case creatives
    case customClick
    case description
    case duration
    case error
    case executableResource
    case expires
    case `extension`
    case extensions
    case htmlResource
    case iFrameResource
    case icon
    case iconClickFallbackImage
    case iconClickFallbackImages
    case iconClickThrough
    case iconClickTracking
    case iconClicks
    case iconViewTracking
    case icons
    case impression
    case inLine
    case interactiveCreativeFile
    case javaScriptResource
    case linear
    case mediaFile
    case mediaFiles
    case mezzanine
    case nonLinear
    case nonLinearAds
    case nonLinearClickThrough
    case nonLinearClickTracking
    case pricing
    case staticResource
    case tracking
    case trackingEvents
    case universalAdId
    case vast
    case vastAdTagURI
    case verification
    case verificationParameters
    case videoClicks
    case viewableImpression
    case wrapper

    /// The code of an element whose local name is none of these.
    static let unknownCode = UInt8.max

    /// The element's local name as written in VAST.
    var text: String {
        switch self {
        case .ad: "Ad"
        case .adParameters: "AdParameters"
        case .adServingId: "AdServingId"
        case .adSystem: "AdSystem"
        case .adTitle: "AdTitle"
        case .adVerifications: "AdVerifications"
        case .advertiser: "Advertiser"
        case .altText: "AltText"
        case .blockedAdCategories: "BlockedAdCategories"
        case .category: "Category"
        case .clickThrough: "ClickThrough"
        case .clickTracking: "ClickTracking"
        case .closedCaptionFile: "ClosedCaptionFile"
        case .closedCaptionFiles: "ClosedCaptionFiles"
        case .companion: "Companion"
        case .companionAds: "CompanionAds"
        case .companionClickThrough: "CompanionClickThrough"
        case .companionClickTracking: "CompanionClickTracking"
        case .creative: "Creative"
        case .creativeExtension: "CreativeExtension"
        case .creativeExtensions: "CreativeExtensions"
        case .creatives: "Creatives"
        case .customClick: "CustomClick"
        case .description: "Description"
        case .duration: "Duration"
        case .error: "Error"
        case .executableResource: "ExecutableResource"
        case .expires: "Expires"
        case .extension: "Extension"
        case .extensions: "Extensions"
        case .htmlResource: "HTMLResource"
        case .iFrameResource: "IFrameResource"
        case .icon: "Icon"
        case .iconClickFallbackImage: "IconClickFallbackImage"
        case .iconClickFallbackImages: "IconClickFallbackImages"
        case .iconClickThrough: "IconClickThrough"
        case .iconClickTracking: "IconClickTracking"
        case .iconClicks: "IconClicks"
        case .iconViewTracking: "IconViewTracking"
        case .icons: "Icons"
        case .impression: "Impression"
        case .inLine: "InLine"
        case .interactiveCreativeFile: "InteractiveCreativeFile"
        case .javaScriptResource: "JavaScriptResource"
        case .linear: "Linear"
        case .mediaFile: "MediaFile"
        case .mediaFiles: "MediaFiles"
        case .mezzanine: "Mezzanine"
        case .nonLinear: "NonLinear"
        case .nonLinearAds: "NonLinearAds"
        case .nonLinearClickThrough: "NonLinearClickThrough"
        case .nonLinearClickTracking: "NonLinearClickTracking"
        case .pricing: "Pricing"
        case .staticResource: "StaticResource"
        case .tracking: "Tracking"
        case .trackingEvents: "TrackingEvents"
        case .universalAdId: "UniversalAdId"
        case .vast: "VAST"
        case .vastAdTagURI: "VASTAdTagURI"
        case .verification: "Verification"
        case .verificationParameters: "VerificationParameters"
        case .videoClicks: "VideoClicks"
        case .viewableImpression: "ViewableImpression"
        case .wrapper: "Wrapper"
        }
    }

    /// The code of `localName`, or ``unknownCode``: what `localName == name.text` finds among the cases.
    ///
    /// Read on the UTF-8 bytes: the length picks the few names of that length, whose bytes are compared. (A
    /// dictionary or a hash table in a global cost more per element than the child lookups they save: hashing
    /// the name, and the global's initialisation check on every call.) Bytes are compared, not text: no case's
    /// text holds `K`, `;` or `` ` ``, the only ASCII characters a non-ASCII character is canonically equivalent
    /// to, so text that is not ASCII equals no case's text either way.
    static func code(of localName: String) -> UInt8 {
        localName.utf8.withContiguousStorageIfAvailable(code(ofBytes:))
            ?? Array(localName.utf8).withUnsafeBufferPointer(code(ofBytes:))
    }

    private static func code(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        func matches(_ name: StaticString) -> Bool {
            memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        }
        switch bytes.count {
        case 2:
            if matches("Ad") { return Self.ad.rawValue }
        case 4:
            if matches("Icon") { return Self.icon.rawValue }
            if matches("VAST") { return Self.vast.rawValue }
        case 5:
            if matches("Error") { return Self.error.rawValue }
            if matches("Icons") { return Self.icons.rawValue }
        case 6:
            if matches("InLine") { return Self.inLine.rawValue }
            if matches("Linear") { return Self.linear.rawValue }
        case 7:
            if matches("AdTitle") { return Self.adTitle.rawValue }
            if matches("AltText") { return Self.altText.rawValue }
            if matches("Expires") { return Self.expires.rawValue }
            if matches("Pricing") { return Self.pricing.rawValue }
            if matches("Wrapper") { return Self.wrapper.rawValue }
        case 8:
            if matches("AdSystem") { return Self.adSystem.rawValue }
            if matches("Category") { return Self.category.rawValue }
            if matches("Creative") { return Self.creative.rawValue }
            if matches("Duration") { return Self.duration.rawValue }
            if matches("Tracking") { return Self.tracking.rawValue }
        case 9:
            if matches("Companion") { return Self.companion.rawValue }
            if matches("Creatives") { return Self.creatives.rawValue }
            if matches("Extension") { return Self.extension.rawValue }
            if matches("MediaFile") { return Self.mediaFile.rawValue }
            if matches("Mezzanine") { return Self.mezzanine.rawValue }
            if matches("NonLinear") { return Self.nonLinear.rawValue }
        case 10:
            if matches("Advertiser") { return Self.advertiser.rawValue }
            if matches("Extensions") { return Self.extensions.rawValue }
            if matches("IconClicks") { return Self.iconClicks.rawValue }
            if matches("Impression") { return Self.impression.rawValue }
            if matches("MediaFiles") { return Self.mediaFiles.rawValue }
        case 11:
            if matches("AdServingId") { return Self.adServingId.rawValue }
            if matches("CustomClick") { return Self.customClick.rawValue }
            if matches("Description") { return Self.description.rawValue }
            if matches("VideoClicks") { return Self.videoClicks.rawValue }
        case 12:
            if matches("AdParameters") { return Self.adParameters.rawValue }
            if matches("ClickThrough") { return Self.clickThrough.rawValue }
            if matches("CompanionAds") { return Self.companionAds.rawValue }
            if matches("HTMLResource") { return Self.htmlResource.rawValue }
            if matches("NonLinearAds") { return Self.nonLinearAds.rawValue }
            if matches("VASTAdTagURI") { return Self.vastAdTagURI.rawValue }
            if matches("Verification") { return Self.verification.rawValue }
        case 13:
            if matches("ClickTracking") { return Self.clickTracking.rawValue }
            if matches("UniversalAdId") { return Self.universalAdId.rawValue }
        case 14:
            if matches("IFrameResource") { return Self.iFrameResource.rawValue }
            if matches("StaticResource") { return Self.staticResource.rawValue }
            if matches("TrackingEvents") { return Self.trackingEvents.rawValue }
        case 15:
            if matches("AdVerifications") { return Self.adVerifications.rawValue }
        case 16:
            if matches("IconClickThrough") { return Self.iconClickThrough.rawValue }
            if matches("IconViewTracking") { return Self.iconViewTracking.rawValue }
        case 17:
            if matches("ClosedCaptionFile") { return Self.closedCaptionFile.rawValue }
            if matches("CreativeExtension") { return Self.creativeExtension.rawValue }
            if matches("IconClickTracking") { return Self.iconClickTracking.rawValue }
        case 18:
            if matches("ClosedCaptionFiles") { return Self.closedCaptionFiles.rawValue }
            if matches("CreativeExtensions") { return Self.creativeExtensions.rawValue }
            if matches("ExecutableResource") { return Self.executableResource.rawValue }
            if matches("JavaScriptResource") { return Self.javaScriptResource.rawValue }
            if matches("ViewableImpression") { return Self.viewableImpression.rawValue }
        case 19:
            if matches("BlockedAdCategories") { return Self.blockedAdCategories.rawValue }
        case 21:
            if matches("CompanionClickThrough") { return Self.companionClickThrough.rawValue }
            if matches("NonLinearClickThrough") { return Self.nonLinearClickThrough.rawValue }
        case 22:
            if matches("CompanionClickTracking") { return Self.companionClickTracking.rawValue }
            if matches("IconClickFallbackImage") { return Self.iconClickFallbackImage.rawValue }
            if matches("NonLinearClickTracking") { return Self.nonLinearClickTracking.rawValue }
            if matches("VerificationParameters") { return Self.verificationParameters.rawValue }
        case 23:
            if matches("IconClickFallbackImages") { return Self.iconClickFallbackImages.rawValue }
            if matches("InteractiveCreativeFile") { return Self.interactiveCreativeFile.rawValue }
        default: break
        }
        return unknownCode
    }
}
