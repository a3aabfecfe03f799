#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking

    /// The delegate queue of an ``HTTPFetcher``'s session on Linux: it runs each delegate call at once, on the
    /// thread that hands it over, instead of queueing it.
    ///
    /// FoundationNetworking reads a body with libcurl on the session's work queue and hands every piece it reads
    /// (16 KiB at most) to the delegate queue with `addOperation`, without waiting for the delegate: nothing slows
    /// libcurl down, so whenever the delegate falls behind, the pieces pile up in the queue. A body without
    /// `Content-Length` is read on while its byte cap waits in that queue to be checked, and the pieces read after
    /// the cap wait there too, until the delegate has dropped them one by one: a 100 MB body over a 4 MiB cap cost
    /// about 125 MB of peak resident memory. Run in place, each piece reaches ``HTTPTransferTable`` inside
    /// libcurl's write callback, before libcurl reads the next one: the cap is checked on the byte that crosses it,
    /// and what arrives until the cancel lands is dropped as it arrives, so nothing is ever held but the body
    /// within its cap.
    ///
    /// The delegate therefore runs on the session's work queue, which all of FoundationNetworking's sessions
    /// share. ``HTTPTransferTable`` keeps every call short, never waits for that queue (a task is cancelled from
    /// another queue, as FoundationNetworking's `cancel()` and `resume()` wait for it) and runs the fetches'
    /// completions on another queue.
    ///
    /// Apple platforms keep URLSession's own serial delegate queue: their URLSession calls a delegate on its queue
    /// only, and this queue would break that.
    final class HTTPInlineDelegateQueue: OperationQueue, @unchecked Sendable {
        /// Runs `block` now, on the calling thread.
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }
    }
#endif
