import MediationCore

/// What a UIKit `UIView` subclass would be: a main-actor class adopting `NativeAdRendering` directly, with no
/// `@preconcurrency` and no `nonisolated` members.
@MainActor
final class HostAdView: NativeAdRendering {
    let availableSlots: Set<NativeAdSlot> = Set(NativeAdSlot.allCases)
    private(set) var filled: [NativeAdSlot: NativeAdSlotContent] = [:]
    private(set) var everyFillOnMainQueue = true

    func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) {
        everyFillOnMainQueue = everyFillOnMainQueue && MainQueueProbe.isOnMainQueue
        filled[slot] = content
    }

    func localizedSponsoredByText(sponsorName: String) -> String? {
        "Promoted by \(sponsorName)"
    }
}
