#if canImport(UIKit)
    import UIKit

    extension NativeAdAssetViews {
        /// The asset views of a UIKit ad view, by outlet (as on Google's `GADNativeAdView`); `nil` outlets are
        /// left out.
        @MainActor
        public init(
            title: UIView? = nil, body: UIView? = nil, callToAction: UIView? = nil, icon: UIView? = nil,
            mainImage: UIView? = nil, media: UIView? = nil, advertiser: UIView? = nil, starRating: UIView? = nil,
            price: UIView? = nil, store: UIView? = nil, privacyIcon: UIView? = nil, advertisingLabel: UIView? = nil
        ) {
            let outlets: [(NativeAdAssetViewSlot, UIView?)] = [
                (.title, title), (.body, body), (.callToAction, callToAction), (.icon, icon), (.mainImage, mainImage),
                (.media, media), (.advertiser, advertiser), (.starRating, starRating), (.price, price),
                (.store, store), (.privacyIcon, privacyIcon), (.advertisingLabel, advertisingLabel),
            ]
            var views: [NativeAdAssetViewSlot: any AnyObject & Sendable] = [:]
            for case (let slot, let view?) in outlets { views[slot] = view }
            self.init(views)
        }

        /// The UIKit view for `slot`, when it is one.
        public func uiView(for slot: NativeAdAssetViewSlot) -> UIView? {
            view(for: slot, as: UIView.self)
        }
    }
#endif
