import Foundation
import MediationBridge
import MediationSupport

/// One resolved InLine ad ready to play in an in-stream session: its linear creative, the chosen media file and
/// the banner the session reports. Built by ``VASTInstreamCustomEvent`` when a load resolves.
struct VASTPlayableAd: Sendable {
    /// The resolved ad (wrappers merged).
    var resolved: VASTResolvedAd
    /// Its linear creative.
    var linear: VASTLinear
    /// The media file the player plays.
    var mediaURL: URL
    /// The banner the session reports for it.
    var banner: InstreamAdBanner
    /// Its place in the list of ads the load kept (0-based).
    var index: Int

    var ad: VASTAd { resolved.ad }

    /// The media events fired at a time of the ad's timeline, in the order they are due: the quartiles and each
    /// `progress` offset that lies within `duration` (seconds), as (due time in seconds, index into the linear's
    /// trackers).
    func timedTrackers(duration: TimeInterval) -> [(time: TimeInterval, tracker: Int)] {
        let quartiles: [VASTTrackingEventName: Double] = [.firstQuartile: 0.25, .midpoint: 0.5, .thirdQuartile: 0.75]
        var due: [(time: TimeInterval, order: Int, tracker: Int)] = []
        for (index, tracker) in linear.trackers.enumerated() {
            if let share = quartiles[tracker.event] {
                let order = VASTTrackingEventName.playbackOrder.firstIndex(of: tracker.event) ?? 0
                due.append((duration * share, order, index))
            } else if tracker.event == .progress, let offset = tracker.offset {
                let time = offset.resolved(in: .seconds(duration)).seconds
                if time <= duration { due.append((time, Int.max, index)) }
            }
        }
        return due.enumerated()
            .sorted { lhs, rhs in
                (lhs.element.time, lhs.element.order, lhs.offset) < (rhs.element.time, rhs.element.order, rhs.offset)
            }
            .map { (time: $0.element.time, tracker: $0.element.tracker) }
    }

    /// Builds the playable ad for `resolved`, or the VAST error that keeps it from playing: 101 without any
    /// creative, 201 without a linear creative, 403 without a media file `capabilities` play.
    static func make(
        _ resolved: VASTResolvedAd, index: Int, capabilities: VASTPlayerCapabilities, urlPolicy: MediationURLPolicy
    ) -> Result<VASTPlayableAd, VASTError> {
        if let invalid = resolved.ad.missingCreativesError { return .failure(invalid) }
        guard let linear = resolved.ad.linear else {
            return .failure(
                VASTError(
                    .unexpectedLinearity, "the ad has no linear creative (an in-stream player plays linear ads)",
                    path: resolved.ad.path))
        }
        let selection = VASTMediaSelector.select(from: linear, for: capabilities)
        guard let media = selection.chosen else {
            return .failure(VASTError(.noSupportedMedia, selection.reason, path: resolved.ad.path))
        }
        let duration = linear.duration?.seconds ?? 0
        let skipDelay = linear.skipOffset.map { $0.resolved(in: linear.duration ?? .zero).seconds }
        let format: InstreamAdFormat = resolved.ad.adType.lowercased() == "audio" ? .audio : .video
        let clickURL = linear.videoClicks.clickThrough.flatMap { urlPolicy.isAllowedClickURL($0) ? $0 : nil }
        let banner = InstreamAdBanner(
            identifier: "\(resolved.ad.id ?? "ad")#\(index + 1)", format: format, duration: duration,
            clickURL: clickURL, allowClose: skipDelay != nil, allowCloseDelay: skipDelay ?? 0,
            width: Double(media.width), height: Double(media.height), ctaText: nil, allowSeek: false,
            allowSkip: format == .audio && skipDelay != nil, allowTrackChange: false, adText: resolved.ad.adTitle,
            companionBanners: companions(of: resolved.ad, urlPolicy: urlPolicy))
        return .success(
            VASTPlayableAd(resolved: resolved, linear: linear, mediaURL: media.url, banner: banner, index: index))
    }

    /// The ad's companions as the session's companion banners: a static or HTML resource, the click-through the
    /// URL policy allows, `creativeView` trackers fired at show and `CompanionClickTracking` at click.
    static func companions(of ad: VASTAd, urlPolicy: MediationURLPolicy) -> [InstreamCompanionBanner] {
        let companions = ad.creatives.flatMap { $0.companionAds?.companions ?? [] }
        return companions.enumerated().map { offset, companion in
            var staticURL: URL?
            var html: String?
            for resource in companion.resources {
                switch resource {
                case .staticResource(let url, _): staticURL = staticURL ?? url
                case .html(let text): html = html ?? text
                case .iframe: break
                }
            }
            return InstreamCompanionBanner(
                identifier: companion.id ?? "companion-\(offset + 1)", width: companion.width ?? 0,
                height: companion.height ?? 0, staticResourceURL: staticURL, htmlResource: html,
                clickURL: companion.clickThrough.flatMap { urlPolicy.isAllowedClickURL($0) ? $0 : nil },
                showTrackers: companion.trackers.filter { $0.event == .creativeView }.map(\.url),
                clickTrackers: companion.clickTracking)
        }
    }
}
