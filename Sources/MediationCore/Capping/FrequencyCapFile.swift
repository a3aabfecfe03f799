import Foundation

/// One impression a ``FrequencyCapStore`` counts: when (milliseconds since 1970, on the store's clock), and the ad
/// unit, network, creative and line cap key of the ad that made it.
package struct FrequencyCapImpression: Sendable, Hashable {
    package var at: Int64
    package var adUnit: String?
    package var network: String
    package var creative: String?
    package var key: String?
}

/// The store's file, `frequency-caps.json` in the host's directory: the impressions of the last
/// ``FrequencyCap/maximumWindow``, oldest first.
///
/// ```json
/// {"format": 1, "impressions": [{"adUnit": "feed", "at": 1800000000000, "creative": "c-7", "network": "Google"}]}
/// ```
///
/// Written atomically (a reader sees the old file or the new one), never larger than ``maximumBytes`` (the oldest
/// impressions are left out until it fits). Read with one byte past the limit at most (no file metadata is asked
/// for: that is a required-reason API on Apple platforms); a file that is larger, not JSON or not this shape is a
/// ``FrequencyCapStoreError`` naming the JSON path, never a crash.
package struct FrequencyCapFile: Sendable {
    /// The file's name inside the host's directory.
    package static let fileName = "frequency-caps.json"
    /// The format number written and accepted.
    package static let format = 1
    /// The largest file written or read: 256 KiB.
    package static let maximumBytes = 256 * 1024

    package let fileURL: URL

    /// The file in `directory` (created on the first save).
    package init(directory: URL) {
        fileURL = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    }

    /// The impressions in the file, as written; empty when there is no file.
    package func load() throws(FrequencyCapStoreError) -> [FrequencyCapImpression] {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: fileURL.path) else { return [] }
            let handle = try FileHandle(forReadingFrom: fileURL)
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
        } catch {
            throw FrequencyCapStoreError(path: fileURL.path, reason: "unreadable: \(error.localizedDescription)")
        }
        guard data.count <= Self.maximumBytes else {
            throw FrequencyCapStoreError(
                path: fileURL.path, reason: "more than the \(Self.maximumBytes) bytes the file may hold")
        }
        return try decode(data)
    }

    private func decode(_ data: Data) throws(FrequencyCapStoreError) -> [FrequencyCapImpression] {
        let root: JSONValue
        do {
            var parser = JSONDocumentParser(
                bytes: [UInt8](data), maximumDepth: 8, maximumValues: 1_000_000,
                maximumElementsPerContainer: 200_000)
            root = try parser.parseDocument().root
        } catch {
            throw failure(error.path, "not JSON: \(error.reason) (byte \(error.byteOffset))")
        }
        guard let top = root.objectValue else { throw failure("$", "expected an object, got \(root.brief)") }
        guard case .number(let format)? = top["format"], format == Double(Self.format) else {
            throw failure("$.format", "expected \(Self.format) (a file written by another version?)")
        }
        guard let entries = top["impressions"]?.arrayValue else {
            throw failure("$.impressions", "expected an array of impressions")
        }
        var impressions: [FrequencyCapImpression] = []
        impressions.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            let path = "$.impressions[\(index)]"
            guard let fields = entry.objectValue else { throw failure(path, "expected an object, got \(entry.brief)") }
            guard case .number(let at)? = fields["at"], at.rounded() == at, at >= 0, at < 1e15 else {
                throw failure(
                    path + ".at",
                    "expected a whole number of milliseconds since 1970, got \(fields["at"]?.brief ?? "nothing")")
            }
            guard case .string(let network)? = fields["network"], !network.isEmpty else {
                throw failure(
                    path + ".network", "expected a non-empty string, got \(fields["network"]?.brief ?? "nothing")")
            }
            impressions.append(
                FrequencyCapImpression(
                    at: Int64(at), adUnit: try optionalString(fields["adUnit"], path + ".adUnit"), network: network,
                    creative: try optionalString(fields["creative"], path + ".creative"),
                    key: try optionalString(fields["key"], path + ".key")))
        }
        return impressions
    }

    private func optionalString(_ value: JSONValue?, _ path: String) throws(FrequencyCapStoreError) -> String? {
        switch value {
        case .none, .null?: return nil
        case .string(let text)?: return text
        case .some(let other): throw failure(path, "expected a string, got \(other.brief)")
        }
    }

    private func failure(_ path: String, _ reason: String) -> FrequencyCapStoreError {
        FrequencyCapStoreError(path: fileURL.path, reason: "\(path): \(reason)")
    }

    /// Writes `impressions` (oldest first) atomically, creating the directory; when they would take more than
    /// ``maximumBytes``, the oldest are left out until the rest fit.
    ///
    /// - Returns: how many of the oldest were left out.
    package func save(_ impressions: [FrequencyCapImpression]) throws(FrequencyCapStoreError) -> Int {
        struct Entry: Encodable {
            var at: Int64
            var adUnit: String?
            var network: String
            var creative: String?
            var key: String?
        }
        struct Body: Encodable {
            var format: Int
            var impressions: [Entry]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var kept = impressions[...]
        do {
            var data: Data
            while true {
                let body = Body(
                    format: Self.format,
                    impressions: kept.map {
                        Entry(at: $0.at, adUnit: $0.adUnit, network: $0.network, creative: $0.creative, key: $0.key)
                    })
                data = try encoder.encode(body)
                guard data.count > Self.maximumBytes, !kept.isEmpty else { break }
                // Leave out the oldest in proportion to the excess (at least one), then measure again.
                let excess = Double(data.count - Self.maximumBytes) / Double(data.count)
                kept = kept.dropFirst(max(1, Int((Double(kept.count) * excess).rounded(.up))))
            }
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw FrequencyCapStoreError(path: fileURL.path, reason: "unwritable: \(error.localizedDescription)")
        }
        return impressions.count - kept.count
    }
}
