extension NetworkStatisticsStore {
    /// What the store says about each of `lines`' networks for ad unit `adUnitID`, in line order: `nil` for a
    /// network it does not know. One lookup per line, under one taking of the store's lock; the run driver calls it
    /// before it takes the run's lock, and hands the profiles to the run machine.
    func profiles(of lines: [WaterfallLine], adUnitID: String?) -> [NetworkProfile?] {
        // Each line's names read in place: `map` copied every line (each reference it holds retained, then
        // released) to read two of its strings.
        lines.withUnsafeBufferPointer { lines in
            profiles(count: lines.count) { index in
                let line = lines.baseAddress! + index
                return key(
                    customEvent: line.pointee.customEventIdentifier, network: line.pointee.displayNetworkName,
                    adUnit: adUnitID)
            }
        }
    }
}
