import MediationBridge

/// Reads the in-stream custom events' `slotId` from a line's info, by the native banner's rules.
public enum MyTargetInstreamSlot {
    /// The info key, `slotId`.
    public static let infoKey = MyTargetNativeBannerInfoKey.slotId

    /// The slot.
    ///
    /// - Throws: ``MediationError/missingRequiredInfo(key:)`` when absent, `null` or empty;
    ///   ``MediationError/invalidConfiguration(path:reason:)`` when not a whole number > 0.
    public static func slotId(in info: CustomEventInfo) throws(MediationError) -> UInt {
        var slotOnly = CustomEventInfo()
        slotOnly.values[infoKey] = info[infoKey]
        return try MyTargetNativeBannerOptions(info: slotOnly).slotId
    }
}
