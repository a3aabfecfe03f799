import Foundation

/// Merges the wrappers of a chain into the InLine ad they lead to (rules in ``VASTWrapperResolver``).
enum VASTAdMerger {
    /// `inline` with `wrappers` (outermost first) merged in.
    static func merge(_ inline: VASTAd, wrappers: [VASTAd]) -> VASTAd {
        guard !wrappers.isEmpty else { return inline }
        var ad = inline
        ad.impressions = wrappers.flatMap(\.impressions) + inline.impressions
        ad.errorURLTexts = wrappers.flatMap(\.errorURLTexts) + inline.errorURLTexts
        ad.verifications = wrappers.flatMap(\.verifications) + inline.verifications
        ad.extensions = wrappers.flatMap(\.extensions) + inline.extensions
        for wrapper in wrappers {
            for (kind, urls) in wrapper.viewableImpression {
                ad.viewableImpression[kind] = urls + (ad.viewableImpression[kind] ?? [])
            }
        }
        let wrapperCreatives = wrappers.flatMap(\.creatives)
        let wrapperLinears = wrapperCreatives.compactMap(\.linear)
        let wrapperNonLinears = wrapperCreatives.compactMap(\.nonLinearAds)
        let nearestFirst = Array(wrapperLinears.reversed())
        // A creative may hold a Linear, NonLinearAds and CompanionAds together (VAST 4): each part gets its own
        // wrappers' trackers.
        ad.creatives = inline.creatives.map { creative in
            var creative = creative
            if var linear = creative.linear {
                linear.trackers = wrapperLinears.flatMap(\.trackers) + linear.trackers
                linear.videoClicks.clickTrackingTexts =
                    wrapperLinears.flatMap(\.videoClicks.clickTrackingTexts) + linear.videoClicks.clickTrackingTexts
                linear.videoClicks.customClickTexts =
                    wrapperLinears.flatMap(\.videoClicks.customClickTexts) + linear.videoClicks.customClickTexts
                if linear.videoClicks.clickThroughText == nil {
                    linear.videoClicks.clickThroughText =
                        nearestFirst.lazy.compactMap(\.videoClicks.clickThroughText).first
                }
                if linear.icons.isEmpty {
                    linear.icons = nearestFirst.first { !$0.icons.isEmpty }?.icons ?? []
                }
                creative.linear = linear
            }
            if var nonLinearAds = creative.nonLinearAds {
                nonLinearAds.trackers = wrapperNonLinears.flatMap(\.trackers) + nonLinearAds.trackers
                let extraClicks = wrapperNonLinears.flatMap { $0.nonLinears.flatMap(\.clickTracking) }
                nonLinearAds.nonLinears = nonLinearAds.nonLinears.map { nonLinear in
                    var nonLinear = nonLinear
                    nonLinear.clickTracking = extraClicks + nonLinear.clickTracking
                    return nonLinear
                }
                creative.nonLinearAds = nonLinearAds
            }
            return creative
        }
        // The InLine's companions win; without any, the nearest wrapper's (only its CompanionAds: a wrapper's
        // Linear or NonLinearAds carry trackers, merged above, not a creative of their own).
        if !inline.creatives.contains(where: { $0.companionAds != nil }),
            var nearest = wrapperCreatives.reversed().first(where: { $0.companionAds != nil })
        {
            nearest.linear = nil
            nearest.nonLinearAds = nil
            ad.creatives.append(nearest)
        }
        return ad
    }
}
