import Foundation

/// A memory cache of images keyed by URL, bounded by entries and by bytes (each entry's URL and bookkeeping
/// count with its image), that evicts the least recently used images first.
///
/// A value type: its owner keeps it behind a lock. An image whose entry is larger than the whole capacity is not
/// kept.
struct ImageMemoryCache: Sendable {
    /// The bytes an entry costs beyond its image and URL (its key, record and hash-table slot), a conservative
    /// round figure so that zero-byte images still count.
    static let entryOverheadBytes = 128

    private struct Entry {
        var data: Data
        var cost: Int
        var lastUse: UInt64
    }

    /// The most bytes kept, URLs and overhead included.
    let capacityBytes: Int
    /// The most entries kept.
    let capacityEntries: Int
    private var entries: [URL: Entry] = [:]
    private var useCounter: UInt64 = 0
    /// The bytes kept now, URLs and overhead included.
    private(set) var totalBytes = 0

    /// Creates an empty cache holding up to `capacityBytes` in up to `capacityEntries` entries.
    init(capacityBytes: Int, capacityEntries: Int) {
        self.capacityBytes = max(capacityBytes, 0)
        self.capacityEntries = max(capacityEntries, 0)
    }

    /// The URLs cached now.
    var urls: Set<URL> { Set(entries.keys) }

    /// The number of images cached now.
    var count: Int { entries.count }

    /// What keeping `data` for `url` costs against the byte capacity.
    static func cost(of data: Data, for url: URL) -> Int {
        data.count + url.absoluteString.utf8.count + entryOverheadBytes
    }

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
        if let old = entries.removeValue(forKey: url) { totalBytes -= old.cost }
        let cost = Self.cost(of: data, for: url)
        guard cost <= capacityBytes, capacityEntries > 0 else { return }
        while totalBytes + cost > capacityBytes || entries.count >= capacityEntries,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            totalBytes -= oldest.value.cost
            entries.removeValue(forKey: oldest.key)
        }
        useCounter += 1
        entries[url] = Entry(data: data, cost: cost, lastUse: useCounter)
        totalBytes += cost
    }
}
