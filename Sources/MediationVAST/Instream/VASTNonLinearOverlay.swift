import Foundation
import MediationBridge
import MediationSupport

/// A VAST `NonLinear` ad the host shows over its playing content (an overlay), and the tracking it owes.
///
/// Made from a resolved ad (``VASTWrapperResolver`` merges the wrappers' non-linear trackers and click trackers
/// into it) with ``make(_:capabilities:privacy:client:urlPolicy:trackerPinger:)``, which picks the `NonLinear` and resource the
/// host shows (``VASTOverlayCapabilities``). The host draws ``resource`` in a view of ``width`` × ``height``
/// for at least ``minimumDisplayDuration`` when given, and reports what happens:
/// - ``shown(contentPlayhead:)``: the ad's `Impression` URLs, then `creativeView`;
/// - ``clicked(contentPlayhead:)``: `NonLinearClickTracking`; it returns the click-through to open (when the URL
///   policy allows it);
/// - ``track(_:contentPlayhead:adPlayhead:)``: any other event of the `NonLinearAds` (`acceptInvitation`,
///   `adExpand`, `adCollapse`, `minimize`, `close`, `overlayViewDuration`, `otherAdInteraction`);
/// - ``failed(_:contentPlayhead:)``: the ad's `Error` URLs with the code (502 when the resource did not load).
///
/// Every URL fires at most once per overlay, through the `TrackerPinging` given (the durable pinger in
/// production), with the VAST macros expanded (`[ASSETURI]` is the resource, `[CONTENTPLAYHEAD]` the host's
/// content position, `[ADPLAYHEAD]` how long the overlay has shown when given) and as a journaled kind:
/// `impression`, `tracking`, `click`, `error`. The privacy and device macros (`[GDPRCONSENT]`, `[REGULATIONS]`,
/// `[LIMITADTRACKING]`, `[IFA]`, …) expand from the user's `PrivacySettings` and the app's ``VASTClientInfo``
/// exactly as the privacy matrix's in-stream VAST column allows, as on the linear path.
public final class VASTNonLinearOverlay: Sendable {
    /// The resolved ad (wrappers merged).
    public let ad: VASTResolvedAd
    /// The `NonLinear` chosen.
    public let nonLinear: VASTNonLinear
    /// The resource to show.
    public let resource: VASTResource
    /// Where a click leads (`NonLinearClickThrough`), when the URL policy allows it.
    public let clickThroughURL: URL?
    let trackers: [VASTTracker]
    let trackerPinger: any TrackerPinging
    /// The privacy and device macro values every URL gets.
    let privacyValues: VASTMacroValues
    let pingToken = UUID().uuidString
    /// The groups of URLs that fired (`impression`, an event name, `click`, `error`).
    let fired = Locked<Set<String>>([])

    private init(
        ad: VASTResolvedAd, nonLinear: VASTNonLinear, resource: VASTResource, trackers: [VASTTracker],
        urlPolicy: MediationURLPolicy, trackerPinger: any TrackerPinging, privacyValues: VASTMacroValues
    ) {
        self.privacyValues = privacyValues
        self.ad = ad
        self.nonLinear = nonLinear
        self.resource = resource
        self.trackers = trackers
        self.trackerPinger = trackerPinger
        self.clickThroughURL = nonLinear.clickThrough.flatMap { urlPolicy.isAllowedClickURL($0) ? $0 : nil }
    }

    /// The overlay's width in points (`width`), when the ad gives it.
    public var width: Int? { nonLinear.width }
    /// The overlay's height in points (`height`), when the ad gives it.
    public var height: Int? { nonLinear.height }
    /// How long to show the overlay at least (`minSuggestedDuration`), when the ad says.
    public var minimumDisplayDuration: Duration? { nonLinear.minSuggestedDuration }

    /// The overlay for `resolved`, or the VAST error that keeps it from showing, whose `Error` URLs then fire:
    /// 101 when the InLine ad has no creative, 201 when the ad has no `NonLinearAds`, 503 when no `NonLinear` has
    /// a resource the host shows, 501 when those that have one do not fit the display area. `privacy` (the
    /// user's, as the mediator holds it) and `client` fill the privacy and device macros of every URL.
    public static func make(
        _ resolved: VASTResolvedAd, capabilities: VASTOverlayCapabilities, privacy: PrivacySettings,
        client: VASTClientInfo = .none, urlPolicy: MediationURLPolicy = .default, trackerPinger: any TrackerPinging
    ) -> Result<VASTNonLinearOverlay, VASTError> {
        var privacyValues = VASTMacroValues()
        privacyValues.setPrivacy(privacy, client: client)
        switch choose(resolved, capabilities: capabilities) {
        case .success(let choice):
            return .success(
                VASTNonLinearOverlay(
                    ad: resolved, nonLinear: choice.nonLinear, resource: choice.resource,
                    trackers: choice.nonLinearAds.trackers, urlPolicy: urlPolicy, trackerPinger: trackerPinger,
                    privacyValues: privacyValues))
        case .failure(let refusal):
            var values = privacyValues
            values.errorCode = refusal.code
            values.timestamp = Date()
            values.cacheBusting = VASTInstreamCustomEvent.cacheBusting()
            let token = UUID().uuidString
            for url in resolved.ad.errorURLs {
                trackerPinger.ping(
                    TrackerPing(
                        url: VASTMacroExpander.expand(url, with: values), event: .error,
                        owner: "vast-overlay/\(token)/error"))
            }
            return .failure(refusal)
        }
    }

    /// The `NonLinear` and resource ``make(_:capabilities:privacy:client:urlPolicy:trackerPinger:)`` would show for `resolved`,
    /// or the VAST error it would refuse with (101, 201, 503 or 501, as there), firing nothing.
    public static func choose(_ resolved: VASTResolvedAd, capabilities: VASTOverlayCapabilities)
        -> Result<VASTOverlayChoice, VASTError>
    {
        if let invalid = resolved.ad.missingCreativesError { return .failure(invalid) }
        let nonLinearAds = resolved.ad.creatives.compactMap(\.nonLinearAds)
        var refusal = VASTError(
            .unexpectedLinearity, "the ad has no NonLinearAds (an overlay shows non-linear ads)",
            path: resolved.ad.path)
        if !nonLinearAds.isEmpty {
            refusal = VASTError(
                .noSupportedNonLinearResource,
                "no NonLinear has a resource the host shows (static \(capabilities.staticResourceTypes.sorted()), "
                    + "HTML \(capabilities.showsHTML), iframe \(capabilities.showsIFrame))",
                path: resolved.ad.path)
        }
        for group in nonLinearAds {
            for nonLinear in group.nonLinears {
                guard let resource = chooseResource(nonLinear.resources, for: capabilities) else { continue }
                guard fits(nonLinear, capabilities) else {
                    refusal = VASTError(
                        .nonLinearSize,
                        "NonLinear \(nonLinear.id ?? "") is \(nonLinear.width ?? 0)×\(nonLinear.height ?? 0), "
                            + "over the \(capabilities.areaWidth)×\(capabilities.areaHeight) display area",
                        path: resolved.ad.path)
                    continue
                }
                return .success(VASTOverlayChoice(nonLinear: nonLinear, resource: resource, nonLinearAds: group))
            }
        }
        return .failure(refusal)
    }

    /// The host showed the overlay: the ad's impressions, then `creativeView`; once.
    public func shown(contentPlayhead: Duration? = nil) {
        fire("impression", urls: ad.ad.impressions.map(\.url), event: .impression, contentPlayhead: contentPlayhead)
        track(.creativeView, contentPlayhead: contentPlayhead)
    }

    /// The user clicked the overlay: `NonLinearClickTracking` fires (once); returns the click-through to open.
    @discardableResult
    public func clicked(contentPlayhead: Duration? = nil) -> URL? {
        fire("click", urls: nonLinear.clickTracking, event: .click, contentPlayhead: contentPlayhead)
        return clickThroughURL
    }

    /// The `NonLinearAds` trackers for `event` fire, once; `adPlayhead` is how long the overlay has shown
    /// (`[ADPLAYHEAD]`, which `overlayViewDuration` reports).
    public func track(
        _ event: VASTTrackingEventName, contentPlayhead: Duration? = nil, adPlayhead: Duration? = nil
    ) {
        let urls = trackers.filter { $0.event == event }.map(\.url)
        fire(
            "event:\(event.rawValue)", urls: urls, event: .tracking, contentPlayhead: contentPlayhead,
            adPlayhead: adPlayhead)
    }

    /// The overlay could not be shown: the ad's `Error` URLs fire with `code` (once).
    public func failed(_ code: VASTErrorCode, contentPlayhead: Duration? = nil) {
        fire(
            "error", urls: ad.ad.errorURLs, event: .error, contentPlayhead: contentPlayhead, errorCode: code)
    }

    private func fire(
        _ group: String, urls: [URL], event: TrackerPingEvent, contentPlayhead: Duration?,
        adPlayhead: Duration? = nil, errorCode: VASTErrorCode? = nil
    ) {
        guard !urls.isEmpty, fired.withLock({ $0.insert(group).inserted }) else { return }
        var values = privacyValues
        values.errorCode = errorCode
        values.timestamp = Date()
        values.cacheBusting = VASTInstreamCustomEvent.cacheBusting()
        values.assetURI = resource.url
        values.contentPlayhead = contentPlayhead
        values.adPlayhead = adPlayhead
        values.breakPosition = contentPlayhead == nil ? nil : 2
        values.podSequence = ad.sequence
        values.adServingId = ad.ad.adServingId
        for url in urls {
            trackerPinger.ping(
                TrackerPing(
                    url: VASTMacroExpander.expand(url, with: values), event: event,
                    owner: "vast-overlay/\(pingToken)/\(group)"))
        }
    }

    /// The resource of `resources` the host shows: a static image of a listed type, else HTML, else an iframe.
    static func chooseResource(_ resources: [VASTResource], for capabilities: VASTOverlayCapabilities)
        -> VASTResource?
    {
        let image = resources.first {
            if case .staticResource(_, let type) = $0 {
                return capabilities.staticResourceTypes.contains((type ?? "").lowercased())
            }
            return false
        }
        if let image { return image }
        if capabilities.showsHTML, let html = resources.first(where: { if case .html = $0 { true } else { false } }) {
            return html
        }
        if capabilities.showsIFrame,
            let iframe = resources.first(where: { if case .iframe = $0 { true } else { false } })
        {
            return iframe
        }
        return nil
    }

    /// Whether `nonLinear`'s declared size (when given) fits the display area.
    static func fits(_ nonLinear: VASTNonLinear, _ capabilities: VASTOverlayCapabilities) -> Bool {
        (nonLinear.width ?? 0) <= capabilities.areaWidth && (nonLinear.height ?? 0) <= capabilities.areaHeight
    }
}
