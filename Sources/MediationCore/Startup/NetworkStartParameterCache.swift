import Foundation

/// The ad server's start parameters per network, kept in a small JSON file under a directory the host gives, so
/// that the next launch starts each network with them before any ad response arrives (MoPub cached them the
/// same way).
///
/// The file, `network-start-parameters.json`:
///
/// ```json
/// {"format": 1, "networks": {"Google": {"applicationIdentifier": "ca-app-pub-…"}}}
/// ```
///
/// A missing file is an empty cache; a file that is not that shape is a ``NetworkStartParameterCacheError``,
/// never a crash.
package struct NetworkStartParameterCache: Sendable {
    /// The cache file's name inside the host's directory.
    package static let fileName = "network-start-parameters.json"
    /// The format number written and accepted.
    package static let format = 1
    /// The largest file read; a larger one is refused as damaged (a few networks' keys are a few hundred bytes).
    package static let maximumBytes = 256 * 1024

    /// The cache file.
    package let fileURL: URL

    /// A cache in `directory` (created on the first save).
    package init(directory: URL) {
        fileURL = directory.appendingPathComponent(Self.fileName, isDirectory: false)
    }

    /// The cached parameters by network; empty when there is no file.
    ///
    /// - Throws: ``NetworkStartParameterCacheError`` when the file cannot be read or is not the cache's shape.
    package func load() throws(NetworkStartParameterCacheError) -> [String: [String: String]] {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: fileURL.path) else { return [:] }
            // Read at most one byte past the limit: no file metadata is asked for (a required-reason API on Apple
            // platforms), and a huge file costs no more than the limit.
            let handle = try FileHandle(forReadingFrom: fileURL)
            defer { try? handle.close() }
            let read = try handle.read(upToCount: Self.maximumBytes + 1) ?? Data()
            if read.count > Self.maximumBytes {
                throw NetworkStartParameterCacheError(
                    path: fileURL.path, reason: "more than the \(Self.maximumBytes) bytes a cache may hold")
            }
            data = read
        } catch let error as NetworkStartParameterCacheError {
            throw error
        } catch {
            throw NetworkStartParameterCacheError(
                path: fileURL.path, reason: "unreadable: \(error.localizedDescription)")
        }
        return try decode(data)
    }

    private func decode(_ data: Data) throws(NetworkStartParameterCacheError) -> [String: [String: String]] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw NetworkStartParameterCacheError(path: fileURL.path, reason: "not JSON")
        }
        guard let root = object as? [String: Any] else {
            throw NetworkStartParameterCacheError(path: fileURL.path, reason: "the top level is not an object")
        }
        guard let format = root["format"] as? Int, format == Self.format else {
            throw NetworkStartParameterCacheError(
                path: fileURL.path, reason: "\"format\" is not \(Self.format) (written by another version?)")
        }
        guard let networks = root["networks"] as? [String: Any] else {
            throw NetworkStartParameterCacheError(path: fileURL.path, reason: "\"networks\" is not an object")
        }
        var result: [String: [String: String]] = [:]
        for (network, value) in networks {
            guard let parameters = value as? [String: Any] else {
                throw NetworkStartParameterCacheError(
                    path: fileURL.path, reason: "\"networks.\(network)\" is not an object")
            }
            var strings: [String: String] = [:]
            for (key, value) in parameters {
                guard let string = value as? String else {
                    throw NetworkStartParameterCacheError(
                        path: fileURL.path, reason: "\"networks.\(network).\(key)\" is not a string")
                }
                strings[key] = string
            }
            result[network] = strings
        }
        return result
    }

    /// Writes `parameters` (atomically: a reader sees the old file or the new one), creating the directory.
    ///
    /// - Throws: ``NetworkStartParameterCacheError`` when the file cannot be written.
    package func save(_ parameters: [String: [String: String]]) throws(NetworkStartParameterCacheError) {
        let root: [String: Any] = ["format": Self.format, "networks": parameters]
        do {
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            let data = try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
            try data.write(to: fileURL, options: .atomic)
        } catch {
            throw NetworkStartParameterCacheError(
                path: fileURL.path, reason: "unwritable: \(error.localizedDescription)")
        }
    }
}
