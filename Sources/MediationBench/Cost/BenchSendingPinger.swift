import Foundation
import MediationCore

/// A pinger that takes every ping as a sending pinger does (``discardsPings`` is `false`, so the engine builds every
/// notice, tracker URL and owner it would build for the wire) and then drops it: the bench measures the cost a host
/// with a real pinger pays, without the I/O.
package struct BenchSendingPinger: TrackerPinging {
    /// A pinger that drops what it takes.
    package init() {}

    /// Drops `url`.
    package func ping(_ url: URL) {}
}
