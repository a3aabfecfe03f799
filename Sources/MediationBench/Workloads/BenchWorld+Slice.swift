extension BenchWorld {
    /// The requests `range` of this world, as a world of their own (the same lines, prices and bids).
    public func slice(_ range: Range<Int>) -> BenchWorld {
        var slice = BenchWorld(requests: Array(requests[range]), prices: prices)
        slice.bids = bids
        if !signalTimes.isEmpty { slice.signalTimes = Array(signalTimes[range]) }
        if !absentBids.isEmpty { slice.absentBids = Array(absentBids[range]) }
        return slice
    }
}
