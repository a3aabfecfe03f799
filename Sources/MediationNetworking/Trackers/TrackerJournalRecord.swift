import Foundation
import MediationCore

/// One line of a tracker journal segment: a ping added, a failed delivery attempt, or a ping done with.
///
/// Lines are JSON objects, written by hand (an append must stay cheap) and read back with `JSONDecoder`:
/// - `{"op":"add","id":"…","event":"impression","owner":"…","url":"…","queuedAt":1764612345.5}`
/// - `{"op":"failed","id":"…"}`: a delivery attempt failed (the ping counts against the journal's bound);
/// - `{"op":"done","id":"…"}`: delivered, refused with a 4xx, or dropped; never replayed.
///
/// A line without `op` is an entry of the journal's first format (one `TrackerPingJournalEntry` per line),
/// read as an `add`.
struct TrackerJournalRecord: Sendable, Decodable {
    enum Operation: String, Sendable, Decodable {
        case add
        case failed
        case done
    }

    var op: Operation?
    var id: String
    var event: TrackerPingEvent?
    var owner: String?
    var url: URL?
    var queuedAt: Double?
    /// The first format's nested ping.
    var ping: TrackerPing?

    /// The entry an `add` line (or a first-format line) stands for.
    var entry: TrackerPingJournalEntry? {
        if let ping, let queuedAt { return TrackerPingJournalEntry(id: id, ping: ping, queuedAt: queuedAt) }
        guard let url, let event, let queuedAt else { return nil }
        return TrackerPingJournalEntry(
            id: id, ping: TrackerPing(url: url, event: event, owner: owner), queuedAt: queuedAt)
    }

    /// The line that adds `entry`, newline included.
    static func addLine(_ entry: TrackerPingJournalEntry) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(entry.ping.url.absoluteString.utf8.count + 160)
        line.append(contentsOf: #"{"op":"add","id":"#.utf8)
        appendString(entry.id, to: &line)
        line.append(contentsOf: #","event":"#.utf8)
        appendString(entry.ping.event.rawValue, to: &line)
        if let owner = entry.ping.owner {
            line.append(contentsOf: #","owner":"#.utf8)
            appendString(owner, to: &line)
        }
        line.append(contentsOf: #","url":"#.utf8)
        appendString(entry.ping.url.absoluteString, to: &line)
        line.append(contentsOf: #","queuedAt":"#.utf8)
        line.append(contentsOf: String(entry.queuedAt).utf8)
        line.append(contentsOf: "}\n".utf8)
        return line
    }

    /// The line that marks `id` with `operation` (`failed` or `done`), newline included.
    static func markLine(_ operation: Operation, id: String) -> [UInt8] {
        var line: [UInt8] = Array(#"{"op":""#.utf8)
        line.append(contentsOf: operation.rawValue.utf8)
        line.append(contentsOf: #"","id":"#.utf8)
        appendString(id, to: &line)
        line.append(contentsOf: "}\n".utf8)
        return line
    }

    /// Appends `text` as a JSON string literal.
    private static func appendString(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): line.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): line.append(contentsOf: #"\\"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                line.append(contentsOf: #"\u00"#.utf8)
                line.append(hex[Int(byte >> 4)])
                line.append(hex[Int(byte & 0xF)])
            default: line.append(byte)
            }
        }
        line.append(UInt8(ascii: "\""))
    }
}
