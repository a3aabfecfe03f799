import Foundation
import MediationCore
import MediationSupport

/// A sandbox reference-network ad: fixed fields, a weakly held event delegate, and `simulate` to play the
/// network's events.
public final class ReferenceSandboxNativeAd: ReferenceNetworkNativeAd, Sendable {
    private struct WeakDelegate {
        weak var value: (any ReferenceNativeAdEventDelegate)?
    }

    /// Headline.
    public let title: String?
    /// Body text.
    public let body: String?
    /// Button text.
    public let callToAction: String?
    /// Advertiser name.
    public let advertiser: String?
    /// Icon image location.
    public let iconURL: URL?
    /// Main image location.
    public let mainImageURL: URL?
    /// Store rating.
    public let starRating: Double?
    /// Where a click leads.
    public let clickURL: URL?
    /// Where the privacy icon leads; kept apart from the click URL.
    public let privacyClickURL: URL?

    private let delegateBox = Locked(WeakDelegate())
    private let registrations = Locked(0)
    private let hostReports = Locked((impressions: 0, clicks: 0))

    /// Creates an ad with the given fields and no privacy icon link.
    public convenience init(
        title: String?, body: String?, callToAction: String?, advertiser: String?, iconURL: URL?,
        mainImageURL: URL?, starRating: Double?, clickURL: URL?
    ) {
        self.init(
            title: title, body: body, callToAction: callToAction, advertiser: advertiser, iconURL: iconURL,
            mainImageURL: mainImageURL, starRating: starRating, clickURL: clickURL, privacyClickURL: nil)
    }

    /// Creates an ad with the given fields.
    public init(
        title: String?, body: String?, callToAction: String?, advertiser: String?, iconURL: URL?,
        mainImageURL: URL?, starRating: Double?, clickURL: URL?, privacyClickURL: URL?
    ) {
        self.title = title
        self.body = body
        self.callToAction = callToAction
        self.advertiser = advertiser
        self.iconURL = iconURL
        self.mainImageURL = mainImageURL
        self.starRating = starRating
        self.clickURL = clickURL
        self.privacyClickURL = privacyClickURL
    }

    /// An ad whose fields carry `content`'s values (title, text, call to action, sponsor, icon, main image,
    /// star rating, privacy click URL as the privacy icon's link and as the click URL).
    public convenience init(content: NativeAdProperties) {
        self.init(
            title: content.text(.title), body: content.text(.text), callToAction: content.text(.callToAction),
            advertiser: content.text(.sponsored), iconURL: content.image(.iconImage)?.url,
            mainImageURL: content.image(.mainImage)?.url, starRating: content.number(.starRating),
            clickURL: content.url(.privacyClickURL), privacyClickURL: content.url(.privacyClickURL))
    }

    /// An ad whose fields carry a generated ad's raw values: texts as they are, URL strings parsed with
    /// `URL(string:)`, the rating unchanged.
    public convenience init(generated: ConformanceGeneratedAd) {
        self.init(
            title: generated.texts[.title], body: generated.texts[.text], callToAction: generated.texts[.callToAction],
            advertiser: generated.texts[.sponsored],
            iconURL: generated.imageURLs[.iconImage].flatMap(URL.init(string:)),
            mainImageURL: generated.imageURLs[.mainImage].flatMap(URL.init(string:)), starRating: generated.rating,
            clickURL: generated.clickURL.flatMap(URL.init(string:)))
    }

    /// The sandbox's sample ad number `serial`: every field set, rating 4.5, https URLs.
    public static func sample(serial: Int) -> ReferenceSandboxNativeAd {
        ReferenceSandboxNativeAd(
            title: "Reference ad #\(serial)", body: "A sample ad served by the reference sandbox network.",
            callToAction: "Install", advertiser: "Reference Advertiser",
            iconURL: URL(string: "https://cdn.reference.example/icon-\(serial).png"),
            mainImageURL: URL(string: "https://cdn.reference.example/main-\(serial).jpg"), starRating: 4.5,
            clickURL: URL(string: "https://reference.example/click/\(serial)"),
            privacyClickURL: URL(string: "https://reference.example/privacy"))
    }

    /// Receives the ad's events; held weakly.
    public var eventDelegate: (any ReferenceNativeAdEventDelegate)? {
        get { delegateBox.withLock { $0.value } }
        set { delegateBox.withLock { $0.value = newValue } }
    }

    /// Whether the ad is registered for interaction now.
    public var isRegistered: Bool { registrations.current > 0 }

    /// Starts tracking.
    public func registerForInteraction() { registrations.withLock { $0 += 1 } }
    /// Stops tracking.
    public func unregisterInteraction() { registrations.withLock { $0 = max($0 - 1, 0) } }

    /// Records an impression the host counted.
    public func recordHostImpression() { hostReports.withLock { $0.impressions += 1 } }
    /// Records a click the host detected.
    public func recordHostClick() { hostReports.withLock { $0.clicks += 1 } }
    /// How many host-counted impressions the adapter passed on.
    public var trackedImpressionCount: Int { hostReports.current.impressions }
    /// How many host-detected clicks the adapter passed on.
    public var trackedClickCount: Int { hostReports.current.clicks }

    /// Tells the event delegate once that the network dropped the ad (it went stale before its lifetime).
    public func simulateInvalidation() {
        eventDelegate?.referenceNativeAdDidInvalidate(self)
    }

    /// Reports `event` to the event delegate once, as the network would.
    public func simulate(_ event: ConformanceNetworkEvent) {
        guard let delegate = eventDelegate else { return }
        switch event {
        case .impression: delegate.referenceNativeAdDidRecordImpression(self)
        case .click: delegate.referenceNativeAdDidRecordClick(self)
        case .willPresentModal: delegate.referenceNativeAdWillPresentModal(self)
        case .didDismissModal: delegate.referenceNativeAdDidDismissModal(self)
        case .willLeaveApplication: delegate.referenceNativeAdWillLeaveApplication(self)
        }
    }
}
