/// The host's asset views for one ad, by slot: what a view-binding network registers (the outlets of Google
/// Mobile Ads' `GADNativeAdView`, the views of Yandex's `NativeAdViewBinder`).
///
/// The views are opaque here (`any AnyObject & Sendable`), so MediationCore stays free of UI toolkits: a
/// UIKit view is main-actor isolated and so `Sendable`, and an adapter casts it back
/// (`views.view(for: .title, as: UILabel.self)`). On Linux any main-actor class stands in.
public struct NativeAdAssetViews: Sendable {
    /// The views, by slot.
    package private(set) var views: [NativeAdAssetViewSlot: any AnyObject & Sendable]

    /// Creates the map from `views`.
    public init(_ views: [NativeAdAssetViewSlot: any AnyObject & Sendable] = [:]) {
        self.views = views
    }

    /// The view for `slot`, or `nil`; setting `nil` removes it.
    public subscript(slot: NativeAdAssetViewSlot) -> (any AnyObject & Sendable)? {
        get { views[slot] }
        set { views[slot] = newValue }
    }

    /// The view for `slot` when it is a `View`.
    public func view<View>(for slot: NativeAdAssetViewSlot, as type: View.Type) -> View? {
        views[slot] as? View
    }

    /// The slots that have a view, sorted.
    package var slots: [NativeAdAssetViewSlot] { views.keys.sorted() }

    /// The slot showing `view`, found by identity; `nil` when the view is not in the map.
    package func slot(of view: AnyObject) -> NativeAdAssetViewSlot? {
        views.first { $0.value === view }?.key
    }

    /// Checks that every slot of `required` has a view.
    ///
    /// - Parameters:
    ///   - required: the slots that need a view.
    ///   - assetName: names the network's asset behind a slot, for the error (the slot's name when `nil`).
    /// - Throws: ``MediationError/invalidConfiguration(path:reason:)`` with path `assetViews.SLOT` for the first
    ///   missing slot (in name order), naming its asset and every other missing slot.
    package func checkViews(
        for required: some Sequence<NativeAdAssetViewSlot>,
        assetName: (NativeAdAssetViewSlot) -> String? = { _ in nil }
    ) throws(MediationError) {
        let missing = Set(required).filter { views[$0] == nil }.sorted()
        guard let first = missing.first else { return }
        let names = missing.map { "'\(assetName($0) ?? $0.rawValue)' (slot \($0.rawValue))" }
        throw .invalidConfiguration(
            path: "assetViews.\(first.rawValue)",
            reason:
                "the network needs a view for its required asset \(names.joined(separator: ", ")); the surface has none"
        )
    }
}
