/// A rendering surface that records what a renderer put in each slot; the Linux stand-in for a UIKit view,
/// used by the CLI, the HTML renderer and tests.
public final class NativeAdCard: NativeAdRendering, Sendable {
    /// The slots the card offers.
    public let availableSlots: Set<NativeAdSlot>
    private let filled = Locked<[NativeAdSlot: NativeAdSlotContent]>([:])

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
        filled.withLock { $0[slot] = content }
    }

    /// What was put in each slot so far.
    public var contents: [NativeAdSlot: NativeAdSlotContent] { filled.current }

    /// The text put in `slot`, if text.
    public func text(in slot: NativeAdSlot) -> String? {
        if case .text(let text)? = contents[slot] { return text }
        return nil
    }
}
