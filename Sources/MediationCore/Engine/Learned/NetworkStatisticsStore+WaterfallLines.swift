extension NetworkStatisticsStore {
    /// What the store says about each of `lines`' networks for ad unit `adUnitID`, in line order: `nil` for a
    /// network it does not know. One lookup per line, under one taking of the store's lock; the run driver calls it
    /// before it takes the run's lock, and hands the profiles to the run machine.
    func profiles(of lines: [WaterfallLine], adUnitID: String?) -> [NetworkProfile?] {
        profiles(count: lines.count) { index in
            key(
                customEvent: lines[index].customEventIdentifier, network: lines[index].displayNetworkName,
                adUnit: adUnitID)
        }
    }
}
