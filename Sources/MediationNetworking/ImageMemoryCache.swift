import Foundation

/// A size-bounded in-memory image cache keyed by URL that evicts the least recently used images first.
///
/// A value type: its owner keeps it behind a lock. An image larger than the whole capacity is not kept.
struct ImageMemoryCache: Sendable {
    private struct Entry {
        var data: Data
        var lastUse: UInt64
    }

    /// The most bytes kept.
    let capacityBytes: Int
    private var entries: [URL: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// The bytes kept now.
    private(set) var totalBytes = 0

    /// Creates an empty cache holding up to `capacityBytes`.
    init(capacityBytes: Int) {
        self.capacityBytes = max(capacityBytes, 0)
    }

    /// The URLs cached now.
    var urls: Set<URL> { Set(entries.keys) }

    /// The bytes of `url`, marking it as just used; `nil` when not cached.
    mutating func data(for url: URL) -> Data? {
        guard var entry = entries[url] else { return nil }
        useCounter += 1
        entry.lastUse = useCounter
        entries[url] = entry
        return entry.data
    }

    /// The bytes of `url` without marking it as used; `nil` when not cached.
    func peek(_ url: URL) -> Data? {
        entries[url]?.data
    }

    /// Keeps `data` for `url`, evicting the least recently used images until it fits.
    mutating func insert(_ data: Data, for url: URL) {
        if let old = entries.removeValue(forKey: url) { totalBytes -= old.data.count }
        guard data.count <= capacityBytes else { return }
        while totalBytes + data.count > capacityBytes,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            totalBytes -= oldest.value.data.count
            entries.removeValue(forKey: oldest.key)
        }
        useCounter += 1
        entries[url] = Entry(data: data, lastUse: useCounter)
        totalBytes += data.count
    }
}
