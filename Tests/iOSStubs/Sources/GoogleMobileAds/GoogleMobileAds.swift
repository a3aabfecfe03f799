// Interface stub of the Google Mobile Ads SDK (version 11 and later, whose Objective-C `GAD…` names import into
// Swift without the prefix: `GADAdLoader` is `AdLoader`, `GADCustomNativeAd` is `CustomNativeAd`, `GAMRequest` is
// `AdManagerRequest`, ...): the custom native ad surface used by Adapters/GoogleCustomNative/README.md, written from
// the SDK's public headers. Names and signatures only, no behaviour. Optional Objective-C delegate methods have
// empty defaults here.
import Foundation
import UIKit

public struct AdLoaderAdType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let native = AdLoaderAdType(rawValue: "6")
    public static let customNative = AdLoaderAdType(rawValue: "2")
    public static let adManagerBanner = AdLoaderAdType(rawValue: "3")
}

/// `GADNativeAssetIdentifier`.
public struct NativeAssetIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let adChoicesViewAsset = NativeAssetIdentifier(rawValue: "1000")
    public static let mediaViewAsset = NativeAssetIdentifier(rawValue: "1001")
}

/// `GADCustomNativeAdMediaViewKey`.
public let CustomNativeAdMediaViewKey: String = "_videoMediaView"

open class AdLoaderOptions: NSObject {
    public override init() { super.init() }
}

open class NativeAdImageAdLoaderOptions: AdLoaderOptions {
    open var disableImageLoading: Bool {
        get { fatalError() }
        set {}
    }
    open var shouldRequestMultipleImages: Bool {
        get { fatalError() }
        set {}
    }
}

public protocol AdNetworkExtras: NSObjectProtocol {}

open class Extras: NSObject, AdNetworkExtras {
    public override init() { super.init() }
    open var additionalParameters: [AnyHashable: Any]? {
        get { fatalError() }
        set {}
    }
}

/// `+[GADRequest request]` imports into Swift as `Request()`.
open class Request: NSObject {
    public override init() { super.init() }
    open var keywords: [String]? {
        get { fatalError() }
        set {}
    }
    open var contentURL: String? {
        get { fatalError() }
        set {}
    }
    open var requestAgent: String? {
        get { fatalError() }
        set {}
    }
    open func register(_ extras: any AdNetworkExtras) {}
}

open class AdManagerRequest: Request {
    open var publisherProvidedID: String? {
        get { fatalError() }
        set {}
    }
    open var customTargeting: [String: Any]? {
        get { fatalError() }
        set {}
    }
}

open class RequestConfiguration: NSObject {
    open var tagForChildDirectedTreatment: NSNumber? {
        get { fatalError() }
        set {}
    }
    open var tagForUnderAgeOfConsent: NSNumber? {
        get { fatalError() }
        set {}
    }
    open var testDeviceIdentifiers: [String]? {
        get { fatalError() }
        set {}
    }
}

open class MobileAds: NSObject {
    open class var shared: MobileAds { fatalError() }
    open var requestConfiguration: RequestConfiguration { fatalError() }
}

open class AdNetworkResponseInfo: NSObject {
    open var adNetworkClassName: String { fatalError() }
}

open class ResponseInfo: NSObject {
    open var responseIdentifier: String? { fatalError() }
    open var loadedAdNetworkResponseInfo: AdNetworkResponseInfo? { fatalError() }
}

open class NativeAdImage: NSObject {
    public init(image: UIImage) { super.init() }
    public init(url imageURL: URL, scale: CGFloat) { super.init() }
    open var image: UIImage? { fatalError() }
    open var imageURL: URL? { fatalError() }
    open var scale: CGFloat { fatalError() }
}

open class MediaContent: NSObject {
    open var hasVideoContent: Bool { fatalError() }
    open var aspectRatio: CGFloat { fatalError() }
    open var duration: TimeInterval { fatalError() }
    open var currentTime: TimeInterval { fatalError() }
    open var mainImage: UIImage? {
        get { fatalError() }
        set {}
    }
}

open class DisplayAdMeasurement: NSObject {
    open weak var view: UIView? {
        get { fatalError() }
        set {}
    }
    /// `-startWithError:`.
    open func start() throws {}
}

/// `GADNativeAdCustomClickHandler`.
public typealias NativeAdCustomClickHandler = (_ assetID: String) -> Void

public protocol CustomNativeAdDelegate: NSObjectProtocol {
    func customNativeAdDidRecordImpression(_ nativeAd: CustomNativeAd)
    func customNativeAdDidRecordClick(_ nativeAd: CustomNativeAd)
    func customNativeAdWillPresentScreen(_ nativeAd: CustomNativeAd)
    func customNativeAdWillDismissScreen(_ nativeAd: CustomNativeAd)
    func customNativeAdDidDismissScreen(_ nativeAd: CustomNativeAd)
}

extension CustomNativeAdDelegate {
    public func customNativeAdDidRecordImpression(_ nativeAd: CustomNativeAd) {}
    public func customNativeAdDidRecordClick(_ nativeAd: CustomNativeAd) {}
    public func customNativeAdWillPresentScreen(_ nativeAd: CustomNativeAd) {}
    public func customNativeAdWillDismissScreen(_ nativeAd: CustomNativeAd) {}
    public func customNativeAdDidDismissScreen(_ nativeAd: CustomNativeAd) {}
}

open class CustomNativeAd: NSObject {
    open weak var delegate: (any CustomNativeAdDelegate)? {
        get { fatalError() }
        set {}
    }
    open weak var rootViewController: UIViewController? {
        get { fatalError() }
        set {}
    }
    open var formatID: String { fatalError() }
    open var availableAssetKeys: [String] { fatalError() }
    open var mediaContent: MediaContent { fatalError() }
    open var customClickHandler: NativeAdCustomClickHandler? {
        get { fatalError() }
        set {}
    }
    open var displayAdMeasurement: DisplayAdMeasurement? { fatalError() }
    open var responseInfo: ResponseInfo { fatalError() }
    open func image(forKey key: String) -> NativeAdImage? { fatalError() }
    open func string(forKey key: String) -> String? { fatalError() }
    open func performClickOnAsset(withKey assetKey: String) {}
    open func recordImpression() {}
}

public protocol AdLoaderDelegate: NSObjectProtocol {
    func adLoader(_ adLoader: AdLoader, didFailToReceiveAdWithError error: any Error)
    func adLoaderDidFinishLoading(_ adLoader: AdLoader)
}

extension AdLoaderDelegate {
    public func adLoaderDidFinishLoading(_ adLoader: AdLoader) {}
}

public protocol CustomNativeAdLoaderDelegate: AdLoaderDelegate {
    func customNativeAdFormatIDs(for adLoader: AdLoader) -> [String]
    func adLoader(_ adLoader: AdLoader, didReceive customNativeAd: CustomNativeAd)
}

open class AdLoader: NSObject {
    public init(
        adUnitID: String, rootViewController: UIViewController?, adTypes: [AdLoaderAdType],
        options: [AdLoaderOptions]?
    ) { super.init() }
    open weak var delegate: (any AdLoaderDelegate)? {
        get { fatalError() }
        set {}
    }
    open var adUnitID: String { fatalError() }
    open var isLoading: Bool { fatalError() }
    open func load(_ request: Request?) {}
}
