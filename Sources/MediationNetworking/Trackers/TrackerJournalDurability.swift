/// How far a ``URLSessionTrackerPinger`` makes a journaled ping (an impression, a click, any other notice about
/// an ad) durable before `ping` (and so `NativeAd.recordImpression()`) returns.
public enum TrackerJournalDurability: Sendable, Hashable {
    /// The journal entry is written to the operating system (a completed `write`) before `ping` returns: it
    /// survives the app crashing or being killed at any instant after that, but not the device losing power
    /// before the system flushes its cache. The default; an append costs a few microseconds.
    case processCrash
    /// The journal entry is also flushed to storage (`fsync`) before `ping` returns: it survives power loss too.
    /// Each journaled ping then waits for the storage, typically milliseconds on a phone.
    case powerLoss
}
