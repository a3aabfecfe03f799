/// What a waterfall line loads: a native ad, or an in-stream source. The engine holds it until every line
/// above has ended, then hands the winner to the host; it asks only these two questions of it.
protocol WaterfallLoadable: AnyObject, Sendable {
    /// Why the loaded value cannot be used although the network reported a load (a native ad with no asset
    /// at all); `nil` when it can. The engine then counts the line as failed with this error.
    var unusableReason: MediationError? { get }

    /// Content URLs the URL policy dropped on the way in, by key; the engine notes them in the trace.
    var refusedContentURLs: [NativeAdPropertyKey: String] { get }

    /// Measurements dropped on the way in as out of range (an image size, a duration), by path, with the
    /// reason; the engine notes them in the trace.
    var droppedContentValues: [String: String] { get }
}
