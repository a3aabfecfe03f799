import MediationCore
import MediationTesting

extension ConformanceRun {
    /// For an adapter that binds the host's asset views (``NativeAdViewBindingAdapter``): a host view missing a
    /// required asset view is refused with its slot named and nothing bound; a renderer that does not bind is
    /// refused; the host's impression counts only once the views are bound, and exactly once; detaching unbinds.
    /// An adapter that renders through slots has nothing to bind and passes, unless the subject declares views
    /// its network binds (``ConformanceExpectations/boundAssetViews``). A stand-in that shows or binds the ad
    /// itself to report an impression is named as such.
    func checkViewBinding() -> ConformanceCheckResult {
        let check = ConformanceCheck.viewBinding
        let session = makeSession()
        let loaded: (load: ConformanceSession.Load, ad: NativeAd)
        switch session.loadSampleAd() {
        case .success(let success): loaded = success
        case .failure(let failure): return .failed(check, failure.reason)
        }
        let ad = loaded.ad
        let declared = subject.expectations.boundAssetViews ?? []
        guard let binding = ad.adapter as? any NativeAdViewBindingAdapter, binding.bindsAssetViews else {
            guard declared.isEmpty else {
                return .failed(
                    check,
                    "the network binds the host's views (\(Self.names(declared))), and the adapter renders through"
                        + " slots: adopt NativeAdViewBindingAdapter and require those views")
            }
            return .passed(check, "the adapter renders through slots; it binds no asset views")
        }
        let unrequired = declared.subtracting(binding.requiredAssetViewSlots.union(binding.networkDrawnSlots))
        guard unrequired.isEmpty else {
            return .failed(
                check,
                "the network binds the host's views \(Self.names(unrequired)), and the adapter requires no view for"
                    + " them (list them in requiredAssetViewSlots or networkDrawnSlots)")
        }
        let required = binding.requiredAssetViewSlots.union(binding.networkDrawnSlots).sorted()
        let problem: String? = withExtendedLifetime(loaded.load.customEvent) {
            if let problem = MainActorDelivery.runSynchronously({ refusesIncompleteBinding(ad, binding, required) }) {
                return problem
            }
            let counted = impression(on: ad, in: session)
            if binding.isBoundToAssetViews {
                return "the network stand-in bound the ad itself to report an impression; a driver's trigger must"
                    + " not show or bind a view-binding ad (the kit binds it first where an event must count)"
            }
            if counted { return "an impression counted before the asset views were bound" }
            let bound = MainActorDelivery.runSynchronously { () -> String? in
                do throws(MediationError) {
                    try ad.render(into: ConformanceBindingSurface(), using: ViewBindingNativeAdRenderer())
                } catch {
                    return "binding a host view with every asset view failed: \(error)"
                }
                return binding.isBoundToAssetViews ? nil : "rendering with every asset view did not bind them"
            }
            if let bound { return bound }
            guard impression(on: ad, in: session) else { return "no impression counted once the views were bound" }
            return MainActorDelivery.runSynchronously { () -> String? in
                ad.detachSurface()
                return binding.isBoundToAssetViews ? "the asset views stayed bound after detachSurface()" : nil
            }
        }
        if let problem { return .failed(check, problem) }
        let names = required.map(\.rawValue).joined(separator: ", ")
        return .passed(
            check,
            "bound every asset view (required: \(names.isEmpty ? "none" : names)); refused a missing required view"
                + " and a non-binding renderer; counted the impression only after binding; unbound on detach")
    }

    /// Before any binding: the ad is not bound; a host view missing a required asset view and a renderer that
    /// binds nothing are refused with their paths, and nothing is bound.
    @MainActor
    private func refusesIncompleteBinding(
        _ ad: NativeAd, _ binding: any NativeAdViewBindingAdapter, _ required: [NativeAdAssetViewSlot]
    ) -> String? {
        if binding.isBoundToAssetViews { return "the ad says it is bound to asset views before any render" }
        if let missing = required.first {
            let surface = ConformanceBindingSurface(slots: ConformanceBindingSurface.allSlots.filter { $0 != missing })
            do throws(MediationError) {
                try ad.render(into: surface, using: ViewBindingNativeAdRenderer())
                return "a host view without a view for the required slot '\(missing)' was accepted"
            } catch {
                guard case .invalidConfiguration(let path, _) = error, path == "assetViews.\(missing.rawValue)" else {
                    return "a host view missing the required slot '\(missing)' gave \(error); expected an error at"
                        + " assetViews.\(missing.rawValue)"
                }
            }
            if binding.isBoundToAssetViews { return "the ad was bound although a required view was missing" }
        }
        do throws(MediationError) {
            try ad.render(into: NativeAdCard(), using: StaticNativeAdRenderer())
            return "a renderer that binds no asset views was accepted for a view-binding ad"
        } catch {
            guard case .invalidConfiguration(let path, _) = error, path == "renderer" else {
                return "a renderer that binds nothing gave \(error); expected an error at path renderer"
            }
        }
        return nil
    }

    /// Slot names, sorted and joined.
    private static func names(_ slots: Set<NativeAdAssetViewSlot>) -> String {
        slots.sorted().map(\.rawValue).joined(separator: ", ")
    }

    /// Reports an impression the way this adapter counts them (the network's own, or the host's) and says
    /// whether the ad has recorded one.
    private func impression(on ad: NativeAd, in session: ConformanceSession) -> Bool {
        if ad.adapter.handlesImpressions {
            _ = session.harness.trigger(.impression, ad)
        } else {
            ad.recordImpression()
        }
        return ad.hasRecordedImpression
    }
}
