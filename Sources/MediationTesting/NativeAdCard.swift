import MediationCore

/// A rendering surface that records what a renderer put in each slot; the Linux stand-in for a UIKit view,
/// used by the CLI and tests. Like a view, it lives on the main actor.
@MainActor
public final class NativeAdCard: NativeAdRendering {
    /// The slots the card offers.
    public let availableSlots: Set<NativeAdSlot>
    /// What was put in each slot so far.
    public private(set) var contents: [NativeAdSlot: NativeAdSlotContent] = [:]

    /// Creates a card with `slots` (all slots by default).
    public init(slots: Set<NativeAdSlot> = Set(NativeAdSlot.allCases)) {
        self.availableSlots = slots
    }

    /// Creates a card with every slot; what ``NativeAdRendererSettings/renderingSurfaceType`` instantiates.
    public convenience init() {
        self.init(slots: Set(NativeAdSlot.allCases))
    }

    /// Records `content` for `slot`.
    public func fill(_ slot: NativeAdSlot, with content: NativeAdSlotContent) {
        contents[slot] = content
    }

    /// The text put in `slot`, if text (or a link's title).
    public func text(in slot: NativeAdSlot) -> String? {
        contents[slot]?.text
    }
}
