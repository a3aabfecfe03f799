import Foundation

/// Reads a child process's output line by line, blocking (for the bench's server and child processes, which the
/// bench waits for one step at a time).
final class PipeLineReader {
    private let handle: FileHandle
    private var buffer = Data()

    /// Reads from `handle`.
    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its newline; `nil` at the end of the stream.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    /// The next line that starts with `prefix`, the prefix and one space removed; `nil` when the stream ends first.
    func nextValue(_ prefix: String) -> String? {
        while let line = nextLine() {
            if line.hasPrefix(prefix + " ") { return String(line.dropFirst(prefix.count + 1)) }
        }
        return nil
    }
}
