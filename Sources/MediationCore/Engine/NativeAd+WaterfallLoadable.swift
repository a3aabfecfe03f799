/// A native ad is what a native waterfall line loads.
extension NativeAd: WaterfallLoadable {
    var unusableReason: MediationError? {
        properties.isEmpty ? .missingRequiredAssets([]) : nil
    }

    var refusedContentURLs: [NativeAdPropertyKey: String] { properties.refusedURLs }

    var droppedContentValues: [String: String] { properties.droppedValues }
}
