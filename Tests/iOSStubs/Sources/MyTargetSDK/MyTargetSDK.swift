// Interface stub of the myTarget iOS SDK (`MyTargetSDK`) as its Objective-C headers import into Swift: native
// banner ads (`MTRGNativeBannerAd`, its loader, delegates, banner data), in-stream video (`MTRGInstreamAd`, its
// player protocols) and privacy, as used by Adapters/MyTarget/README.md and described in myTarget's iOS
// documentation. Names and signatures only, no behaviour. Import rules applied: `NSUInteger` is `Int` in
// Swift (except as an `NS_ENUM`'s raw type), `NSTimeInterval` is `TimeInterval`, an `NS_ENUM`'s
// `init(rawValue:)` is failable, a plain C enum is a struct with global constants, optional Objective-C
// protocol methods have empty defaults here.
import Foundation
import UIKit

// MARK: - Enums

/// A plain C enum in the SDK (`MTRGCachePolicyNone`, ...).
public struct MTRGCachePolicy: RawRepresentable, Equatable, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}
public let MTRGCachePolicyNone = MTRGCachePolicy(rawValue: 0)
public let MTRGCachePolicyImages = MTRGCachePolicy(rawValue: 1)
public let MTRGCachePolicyVideo = MTRGCachePolicy(rawValue: 2)
public let MTRGCachePolicyAll = MTRGCachePolicy(rawValue: 3)

/// A plain C enum with a negative member (`MTRGGenderUnspecified = -1`), so its raw type is `Int32`.
public struct MTRGGender: RawRepresentable, Equatable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
}
public let MTRGGenderUnspecified = MTRGGender(rawValue: -1)
public let MTRGGenderUnknown = MTRGGender(rawValue: 0)
public let MTRGGenderMale = MTRGGender(rawValue: 1)
public let MTRGGenderFemale = MTRGGender(rawValue: 2)

/// `NS_ENUM(NSUInteger, MTRGAdChoicesPlacement)`.
public enum MTRGAdChoicesPlacement: UInt, Sendable {
    case topRight = 0
    case topLeft = 1
    case bottomRight = 2
    case bottomLeft = 3
    case manual = 4
    case drawingManual = 5
}

/// `NS_ENUM(NSUInteger, MTRGNavigationType)`.
public enum MTRGNavigationType: UInt, Sendable {
    case web = 0
    case store = 1
}

/// `NS_ENUM(NSInteger, MTRGDisclaimerType)`.
public enum MTRGDisclaimerType: Int, Sendable {
    case unknown = 0
    case general = 1
    case medical = 2
}

// MARK: - Shared

open class MTRGCustomParams: NSObject {
    open var age: NSNumber? {
        get { fatalError() }
        set {}
    }
    open var gender: MTRGGender {
        get { fatalError() }
        set {}
    }
    open var language: String? {
        get { fatalError() }
        set {}
    }
    open var email: String? {
        get { fatalError() }
        set {}
    }
}

open class MTRGPrivacy: NSObject {
    open class func setUserConsent(_ userConsent: Bool) {}
    open class func setCcpaUserConsent(_ ccpaUserConsent: Bool) {}
    open class func setIABUserConsent(_ iabUserConsent: Bool) {}
    open class func setUserAgeRestricted(_ userAgeRestricted: Bool) {}
}

open class MTRGImageData: NSObject {
    open var url: String { fatalError() }
    open var width: CGFloat { fatalError() }
    open var height: CGFloat { fatalError() }
    open var image: UIImage? { fatalError() }
}

open class MTRGDisclaimerInfo: NSObject {
    open var text: String { fatalError() }
    open var type: MTRGDisclaimerType { fatalError() }
}

/// `+[MTRGBannerMediaRecovery skip]` (a class property) and `+retryWithMaxRetryCount:`.
open class MTRGBannerMediaRecovery: NSObject {
    open class var skip: MTRGBannerMediaRecovery { fatalError() }
    open class func retry(withMaxRetryCount maxRetryCount: Int) -> MTRGBannerMediaRecovery { fatalError() }
}

// MARK: - Native banner

open class MTRGNativeBanner: NSObject {
    open var title: String? { fatalError() }
    open var descriptionText: String? { fatalError() }
    open var ctaText: String? { fatalError() }
    open var domain: String? { fatalError() }
    open var advertisingLabel: String? { fatalError() }
    open var ageRestrictions: String? { fatalError() }
    @available(*, deprecated, message: "use disclaimerInfo")
    open var disclaimer: String? { fatalError() }
    open var disclaimerInfo: MTRGDisclaimerInfo? { fatalError() }
    open var rating: NSNumber? { fatalError() }
    open var votes: Int { fatalError() }
    open var navigationType: MTRGNavigationType { fatalError() }
    open var icon: MTRGImageData? { fatalError() }
    open var adChoicesIcon: MTRGImageData? { fatalError() }
    open var hasAdChoices: Bool { fatalError() }
    open var bundleId: String? { fatalError() }
    open var erid: String? { fatalError() }
}

public protocol MTRGNativeBannerAdDelegate: NSObjectProtocol {
    func onLoad(with banner: MTRGNativeBanner, nativeBannerAd: MTRGNativeBannerAd)
    func onLoadFailed(error: any Error, nativeBannerAd: MTRGNativeBannerAd)
    func onAdShow(with nativeBannerAd: MTRGNativeBannerAd)
    func onAdClick(withClickedView clickedView: UIView, nativeBannerAd: MTRGNativeBannerAd)
    func onShowModal(with nativeBannerAd: MTRGNativeBannerAd)
    func onDismissModal(with nativeBannerAd: MTRGNativeBannerAd)
    func onLeaveApplication(with nativeBannerAd: MTRGNativeBannerAd)
}

extension MTRGNativeBannerAdDelegate {
    public func onAdShow(with nativeBannerAd: MTRGNativeBannerAd) {}
    public func onAdClick(withClickedView clickedView: UIView, nativeBannerAd: MTRGNativeBannerAd) {}
    public func onShowModal(with nativeBannerAd: MTRGNativeBannerAd) {}
    public func onDismissModal(with nativeBannerAd: MTRGNativeBannerAd) {}
    public func onLeaveApplication(with nativeBannerAd: MTRGNativeBannerAd) {}
}

public protocol MTRGNativeBannerAdMediaDelegate: NSObjectProtocol {
    func onIconLoad(with nativeBannerAd: MTRGNativeBannerAd)
    func onAdChoicesIconLoad(with nativeBannerAd: MTRGNativeBannerAd)
    func onMediaLoadFailed(with nativeBannerAd: MTRGNativeBannerAd)
}

public protocol MTRGNativeBannerAdChoicesOptionDelegate: NSObjectProtocol {
    func shouldCloseAutomatically() -> Bool
    func onCloseAutomatically(_ nativeBannerAd: MTRGNativeBannerAd)
    func closeIfAutomaticallyDisabled(_ nativeBannerAd: MTRGNativeBannerAd)
}

extension MTRGNativeBannerAdChoicesOptionDelegate {
    public func shouldCloseAutomatically() -> Bool { true }
    public func onCloseAutomatically(_ nativeBannerAd: MTRGNativeBannerAd) {}
    public func closeIfAutomaticallyDisabled(_ nativeBannerAd: MTRGNativeBannerAd) {}
}

/// Settings shared by `MTRGNativeBannerAd` and `MTRGNativeBannerAdLoader`.
open class MTRGNativeBannerAdSettings: NSObject {
    open var cachePolicy: MTRGCachePolicy {
        get { fatalError() }
        set {}
    }
    open var adChoicesPlacement: MTRGAdChoicesPlacement {
        get { fatalError() }
        set {}
    }
    open var bannerMediaRecovery: MTRGBannerMediaRecovery {
        get { fatalError() }
        set {}
    }
    open var bannerMediaTimeout: TimeInterval {
        get { fatalError() }
        set {}
    }
    open var customParams: MTRGCustomParams { fatalError() }
}

open class MTRGNativeBannerAd: MTRGNativeBannerAdSettings {
    public init(slotId: Int) { super.init() }
    open weak var delegate: (any MTRGNativeBannerAdDelegate)? {
        get { fatalError() }
        set {}
    }
    open weak var mediaDelegate: (any MTRGNativeBannerAdMediaDelegate)? {
        get { fatalError() }
        set {}
    }
    open weak var adChoicesOptionDelegate: (any MTRGNativeBannerAdChoicesOptionDelegate)? {
        get { fatalError() }
        set {}
    }
    open var banner: MTRGNativeBanner? { fatalError() }
    open func load() {}
    open func load(fromBid bidId: String) {}
    open func register(_ containerView: UIView, with controller: UIViewController) {}
    open func register(
        _ containerView: UIView, with controller: UIViewController, withClickableViews clickableViews: [UIView]?
    ) {}
    open func unregisterView() {}
    /// `-handleAdChoicesClickWithController:sourceView:`.
    open func handleAdChoicesClick(with controller: UIViewController, sourceView: UIView?) {}
}

open class MTRGNativeBannerAdLoader: MTRGNativeBannerAdSettings {
    /// `+loaderForCount:slotId:`.
    public init(forCount count: Int, slotId: Int) { super.init() }
    /// `-loadWithCompletionBlock:`.
    open func load(completionBlock: @escaping ([MTRGNativeBannerAd], (any Error)?) -> Void) {}
}

// MARK: - In-stream video

open class MTRGInstreamAdBanner: NSObject {
    open var bannerId: String? { fatalError() }
    open var duration: TimeInterval { fatalError() }
    open var allowClose: Bool { fatalError() }
    open var allowCloseDelay: TimeInterval { fatalError() }
    open var size: CGSize { fatalError() }
    open var ctaText: String { fatalError() }
}

public protocol MTRGInstreamAdPlayerDelegate: NSObjectProtocol {
    func onAdVideoStart()
    func onAdVideoPause()
    func onAdVideoResume()
    func onAdVideoStop()
    func onAdVideoError(withReason reason: String)
    func onAdVideoComplete()
}

public protocol MTRGInstreamAdPlayer: NSObjectProtocol {
    var adVideoDuration: TimeInterval { get }
    var adVideoTimeElapsed: TimeInterval { get }
    var adPlayerDelegate: (any MTRGInstreamAdPlayerDelegate)? { get set }
    var adPlayerView: UIView { get }
    var volume: Float { get set }
    func playAdVideo(with url: URL)
    func pauseAdVideo()
    func resumeAdVideo()
    func stopAdVideo()
}

public protocol MTRGInstreamAdDelegate: NSObjectProtocol {
    func onLoad(with instreamAd: MTRGInstreamAd)
    func onLoadFailed(error: any Error, instreamAd: MTRGInstreamAd)
    func onError(withReason reason: String, instreamAd: MTRGInstreamAd)
    func onBannerStart(_ banner: MTRGInstreamAdBanner, instreamAd: MTRGInstreamAd)
    func onBannerComplete(_ banner: MTRGInstreamAdBanner, instreamAd: MTRGInstreamAd)
    func onBannerTimeLeftChange(_ timeLeft: TimeInterval, duration: TimeInterval, instreamAd: MTRGInstreamAd)
    func onComplete(withSection section: String, instreamAd: MTRGInstreamAd)
    func onShowModal(with instreamAd: MTRGInstreamAd)
    func onDismissModal(with instreamAd: MTRGInstreamAd)
    func onLeaveApplication(with instreamAd: MTRGInstreamAd)
}

extension MTRGInstreamAdDelegate {
    public func onShowModal(with instreamAd: MTRGInstreamAd) {}
    public func onDismissModal(with instreamAd: MTRGInstreamAd) {}
    public func onLeaveApplication(with instreamAd: MTRGInstreamAd) {}
}

open class MTRGInstreamAd: NSObject {
    public init(slotId: Int) { super.init() }
    open weak var delegate: (any MTRGInstreamAdDelegate)? {
        get { fatalError() }
        set {}
    }
    open var player: (any MTRGInstreamAdPlayer)? {
        get { fatalError() }
        set {}
    }
    open var loadingTimeout: Int {
        get { fatalError() }
        set {}
    }
    open var volume: Float {
        get { fatalError() }
        set {}
    }
    open var fullscreen: Bool {
        get { fatalError() }
        set {}
    }
    open var customParams: MTRGCustomParams { fatalError() }
    open var midpoints: [NSNumber] { fatalError() }
    open func useDefaultPlayer() {}
    open func configureMidpoints(forVideoDuration videoDuration: TimeInterval) {}
    open func configureMidpoints(_ midpoints: [NSNumber], forVideoDuration videoDuration: TimeInterval) {}
    open func configureMidpointsP(_ midpointsP: [NSNumber], forVideoDuration videoDuration: TimeInterval) {}
    open func load() {}
    open func startPreroll() {}
    open func startPostroll() {}
    open func startPauseroll() {}
    open func startMidroll(withPoint point: NSNumber) {}
    open func pause() {}
    open func resume() {}
    open func stop() {}
    open func skip() {}
    open func skipBanner() {}
    open func handleClick(with controller: UIViewController) {}
}
