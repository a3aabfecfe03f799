import CHeapStatistics
import Foundation

/// The process's resident memory, read from `/proc/self/status` (Linux); `nil` elsewhere.
package enum ProcessMemory {
    /// `VmRSS` in bytes.
    package static var residentBytes: Int? { field("VmRSS:") }
    /// `VmHWM` (the peak resident set) in bytes.
    package static var peakResidentBytes: Int? { field("VmHWM:") }

    /// Bytes the malloc heap has handed out and not freed (glibc's `mallinfo2`, Apple's default zone), or `nil`
    /// where the platform does not say. Unlike the resident set, it falls when memory is freed and counts no
    /// page twice, so two measurements in one process can be compared.
    static var heapBytesInUse: Int? {
        let bytes = mediation_heap_bytes_in_use()
        return bytes > 0 ? Int(bytes) : nil
    }

    /// Allocations and bytes requested from malloc so far, when scripts/allocation-counter.c is preloaded
    /// (`LD_PRELOAD`); `nil` otherwise.
    static var allocations: (count: Int, bytes: Int)? {
        let count = mediation_allocation_count()
        let bytes = mediation_allocation_bytes()
        return count >= 0 && bytes >= 0 ? (Int(count), Int(bytes)) : nil
    }

    /// The process's thread count now (`Threads:` in `/proc/self/status`), or `nil` where there is no such file.
    static var threadCount: Int? { field("Threads:").map { $0 / 1024 } }

    private static func field(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
            return kilobytes.map { $0 * 1024 }
        }
        return nil
    }
}
