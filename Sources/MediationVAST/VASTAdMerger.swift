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
        let wrapperNonLinears = wrapperCreatives.compactMap { creative -> VASTNonLinearAds? in
            if case .nonLinear(let nonLinear) = creative.content { return nonLinear }
            return nil
        }
        let nearestFirst = Array(wrapperLinears.reversed())
        ad.creatives = inline.creatives.map { creative in
            var creative = creative
            switch creative.content {
            case .linear(var linear):
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
                creative.content = .linear(linear)
            case .nonLinear(var nonLinearAds):
                nonLinearAds.trackers = wrapperNonLinears.flatMap(\.trackers) + nonLinearAds.trackers
                let extraClicks = wrapperNonLinears.flatMap { $0.nonLinears.flatMap(\.clickTracking) }
                nonLinearAds.nonLinears = nonLinearAds.nonLinears.map { nonLinear in
                    var nonLinear = nonLinear
                    nonLinear.clickTracking = extraClicks + nonLinear.clickTracking
                    return nonLinear
                }
                creative.content = .nonLinear(nonLinearAds)
            case .companions:
                break
            }
            return creative
        }
        let inlineHasCompanions = inline.creatives.contains {
            if case .companions = $0.content { return true }
            return false
        }
        if !inlineHasCompanions,
            let nearest = wrapperCreatives.reversed().first(where: {
                if case .companions = $0.content { return true }
                return false
            })
        {
            ad.creatives.append(nearest)
        }
        return ad
    }
}
