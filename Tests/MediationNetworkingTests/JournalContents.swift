import Foundation

/// Reads a tracker journal's segments the way docs/networking.md describes them, independently of the
/// pinger's own reader: the pings added and not done, in order.
struct JournalContents {
    /// The add lines of the live pings.
    var liveLines: [String]
    /// The identifiers of the live pings.
    var liveIDs: [String]

    /// The segment files in `directory`, in the order they are read.
    static func segments(in directory: URL) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let numbered = names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("tracker-pings-"), name.hasSuffix(".jsonl") else { return nil }
            return Int(name.dropFirst("tracker-pings-".count).dropLast(".jsonl".count)).map { ($0, name) }
        }
        return numbered.sorted { $0.0 < $1.0 }.map { directory.appendingPathComponent($0.1) }
    }

    /// Reads the live pings of the journal in `directory`.
    static func read(_ directory: URL) throws -> JournalContents {
        var live: [String: String] = [:]
        var order: [String] = []
        var done: Set<String> = []
        for segment in try segments(in: directory) {
            let handle = try FileHandle(forReadingFrom: segment)
            defer { try? handle.close() }
            let text = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            for line in text.split(separator: "\n") {
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let id = object["id"] as? String
                else { continue }
                switch object["op"] as? String {
                case "add":
                    if live[id] == nil, !done.contains(id) {
                        live[id] = String(line)
                        order.append(id)
                    }
                case "done":
                    done.insert(id)
                    live[id] = nil
                default: break
                }
            }
        }
        let ids = order.filter { live[$0] != nil }
        return JournalContents(liveLines: ids.compactMap { live[$0] }, liveIDs: ids)
    }
}
