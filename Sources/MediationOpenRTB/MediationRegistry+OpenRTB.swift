import MediationBridge

extension MediationRegistry {
    /// Registers ``OpenRTBNativeCustomEvent`` under `OpenRTBNativeCustomEvent`, so that lines whose markup is
    /// OpenRTB Native load; each line gets a fresh custom event over `nativeRequest` and `limits`. Add a renderer
    /// configuration listing ``OpenRTBNativeCustomEvent/identifier`` as for any custom event.
    ///
    /// - Throws: ``MediationBridge/MediationError/invalidConfiguration(path:reason:)`` when the name is taken.
    public mutating func registerOpenRTBNative(
        nativeRequest: OpenRTBNativeRequest? = nil, limits: OpenRTBNativeMarkupLimits = .default
    ) throws(MediationError) {
        try registerCustomEvent(OpenRTBNativeCustomEvent.identifier) {
            OpenRTBNativeCustomEvent(nativeRequest: nativeRequest, limits: limits)
        }
    }
}
