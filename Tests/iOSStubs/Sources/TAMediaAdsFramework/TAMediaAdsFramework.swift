// Interface stub of the TAMedia (Taiwan Mobile) native ads SDK, `TAMediaAdsFramework`, as its Objective-C headers
// import into Swift: the classes, properties and delegate callbacks named in the TAMedia MoPub mediation guide
// (in Chinese) and used by Adapters/TAMedia/README.md. Names and signatures only, no behaviour.
// The SDK's delegate methods are optional in Objective-C; here they have empty defaults.
import Foundation
import UIKit

public typealias TADGender = Int
public let kTADGenderUnknown: TADGender = 0
public let kTADGenderMale: TADGender = 1
public let kTADGenderFemale: TADGender = 2

/// `+[TADRequest request]` imports into Swift as `TADRequest()`.
open class TADRequest: NSObject {
    public override init() { super.init() }
    open var testing: Bool {
        get { fatalError() }
        set {}
    }
    open var gender: TADGender {
        get { fatalError() }
        set {}
    }
}

open class TADRequestError: NSError, @unchecked Sendable {}

open class TADNativeAdImage: NSObject {
    open var imageURL: URL? { fatalError() }
    open var image: UIImage? { fatalError() }
}

open class TADMediaContent: NSObject {}

open class TADNativeAdContent: NSObject {
    open var longSubject: String? { fatalError() }
    open var shortSubject: String? { fatalError() }
    open var body: String? { fatalError() }
    open var callToAction: String? { fatalError() }
    open var iconSquare: TADNativeAdImage? { fatalError() }
    open var iconRect: TADNativeAdImage? { fatalError() }
    open var mediaContent: TADMediaContent? { fatalError() }
}

public protocol TADNativeAdDelegate: NSObjectProtocol {
    func nativeAdDidReceiveAd(_ ad: TADNativeAd)
    func nativeAd(_ ad: TADNativeAd, didFailToReceiveAdWithError error: TADRequestError)
    func nativeAdDidClick(_ ad: TADNativeAd)
    func nativeAdDidImpression(_ ad: TADNativeAd)
    func adViewWillLeaveApplication(_ ad: TADNativeAd)
}

extension TADNativeAdDelegate {
    public func nativeAdDidReceiveAd(_ ad: TADNativeAd) {}
    public func nativeAd(_ ad: TADNativeAd, didFailToReceiveAdWithError error: TADRequestError) {}
    public func nativeAdDidClick(_ ad: TADNativeAd) {}
    public func nativeAdDidImpression(_ ad: TADNativeAd) {}
    public func adViewWillLeaveApplication(_ ad: TADNativeAd) {}
}

open class TADNativeAd: NSObject {
    public init(adUnitId: String) { super.init() }
    open var adUnitId: String { fatalError() }
    open weak var delegate: (any TADNativeAdDelegate)? {
        get { fatalError() }
        set {}
    }
    open var adContent: TADNativeAdContent? { fatalError() }
    /// `-loadRequest:`.
    open func load(_ request: TADRequest) {}
}

@MainActor
open class TADNativeMediaView: UIView {
    open var mediaContent: TADMediaContent? {
        get { fatalError() }
        set {}
    }
}

@MainActor
open class TADNativeAdView: UIView {
    open var nativeAd: TADNativeAd? {
        get { fatalError() }
        set {}
    }
    open var longSubjectLabel: UILabel? {
        get { fatalError() }
        set {}
    }
    open var shortSubjectLabel: UILabel? {
        get { fatalError() }
        set {}
    }
    open var bodyLabel: UILabel? {
        get { fatalError() }
        set {}
    }
    open var callToActionView: UIView? {
        get { fatalError() }
        set {}
    }
    /// The SDK's own spelling (`squareImgeView`).
    open var squareImgeView: UIImageView? {
        get { fatalError() }
        set {}
    }
    open var rectangleImgeView: UIImageView? {
        get { fatalError() }
        set {}
    }
    open var mediaView: TADNativeMediaView? {
        get { fatalError() }
        set {}
    }
}
