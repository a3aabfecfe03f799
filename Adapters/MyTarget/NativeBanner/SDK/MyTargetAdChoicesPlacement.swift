/// Where the SDK puts the AdChoices icon on a registered view (`MTRGAdChoicesPlacement`).
public enum MyTargetAdChoicesPlacement: Int, Sendable, Hashable, CaseIterable {
    /// The SDK draws the icon in the top-left corner.
    case topLeft = 0
    /// The SDK draws the icon in the top-right corner (the SDK's default).
    case topRight = 1
    /// The SDK draws the icon in the bottom-left corner.
    case bottomLeft = 2
    /// The SDK draws the icon in the bottom-right corner.
    case bottomRight = 3
    /// The host places an `MTRGAdChoicesView` in its view; the SDK puts its icon there on register.
    case manual = 4
    /// The host draws the icon itself from the banner's `adChoicesIcon` and reports taps with
    /// `handleAdChoicesClick`.
    case drawingManual = 5

    /// Whether the SDK draws the icon itself (every placement except ``drawingManual``).
    public var isDrawnBySDK: Bool { self != .drawingManual }
}
