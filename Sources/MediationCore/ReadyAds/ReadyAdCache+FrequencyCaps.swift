extension ReadyAdCache {
    /// The oldest ready ad of `adUnitID` that every frequency cap lets the cache hand out now, taken out of the
    /// store and counted as handed out until its impression; `nil` when none may go (or none is ready).
    ///
    /// The caps are checked here, at hand-out, not when the ad loaded (LevelPlay checks its caps at show time): the
    /// ad unit's cap and pacing, and the ad's network's, creative's and line's, with the ads handed out before that
    /// still wait for their impression counted as impressions now. An ad a cap refuses stays ready for a later
    /// hand-out (until its deadline); a refusal of the ad unit refuses every ad. Without caps, the oldest ad.
    func takeWithinFrequencyCaps(forAdUnit adUnitID: String) -> NativeAd? {
        guard let caps = mediator.frequencyCaps else { return store.take(forAdUnit: adUnitID) }
        var refusals: [FrequencyCapRefusal] = []
        for ad in store.ads(forAdUnit: adUnitID) {
            if let refusal = caps.reserveHandOut(of: ad, adUnitID: adUnitID) {
                refusals.append(refusal)
                // The ad unit refuses every ad alike.
                if refusal.scope == .adUnit { break }
                continue
            }
            // Taken meanwhile by another thread: its reservation lapses with it (it is never shown from here).
            if store.take(ad, forAdUnit: adUnitID) { return ad }
        }
        if let refusal = refusals.first {
            mediator.logger.log(
                .info,
                "ready-ad cache: ad unit \(adUnitID): no ad handed out: \(refusal)"
                    + (refusals.count > 1 ? " (and \(refusals.count - 1) more ads refused by their caps)" : ""),
                metadata: ["adUnit": adUnitID, "code": refusal.reason.rawValue])
        }
        return nil
    }
}
