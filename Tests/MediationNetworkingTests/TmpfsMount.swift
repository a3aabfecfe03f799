import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs mounted for one test, so that the journal meets a genuinely full filesystem (`ENOSPC` from the
/// kernel). Mounting needs root and the right to mount (`CAP_SYS_ADMIN`); ``unavailableReason`` says why a test
/// cannot have one here.
struct TmpfsMount {
    /// The mount point.
    let directory: URL

    /// Why no tmpfs can be mounted here, or `nil` when one can (found once, by mounting and unmounting a 64 KiB one).
    static let unavailableReason: String? = {
        #if os(Linux)
            guard getuid() == 0 else { return "mounting a tmpfs needs root; the tests run as uid \(getuid())" }
            guard let probe = try? TmpfsMount(kibibytes: 64) else {
                return "mount -t tmpfs failed here (a container without the right to mount?)"
            }
            probe.unmount()
            return nil
        #else
            return "the tmpfs test runs on Linux only"
        #endif
    }()

    /// Whether a tmpfs can be mounted here.
    static var isAvailable: Bool { unavailableReason == nil }

    /// Mounts a tmpfs of `kibibytes` KiB on a new directory under the temporary directory.
    init(kibibytes: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let status = try Self.run(
            "mount", ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0700", "tmpfs", directory.path])
        guard status == 0 else {
            try? FileManager.default.removeItem(at: directory)
            throw MountError(description: "mount -t tmpfs exited with \(status)")
        }
    }

    /// Unmounts the tmpfs (lazily, should a descriptor still be open) and removes the mount point.
    func unmount() {
        _ = try? Self.run("umount", ["-l", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The bytes an unprivileged writer can still put on the filesystem.
    func freeBytes() -> Int {
        var status = statvfs()
        guard statvfs(directory.path, &status) == 0 else { return 0 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Writes a file of `bytes` bytes (real pages, not a hole) at `name`.
    func fill(_ name: String, bytes: Int) throws {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw MountError(description: "cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let chunk = Data(repeating: 0x2E, count: 64 << 10)
        var left = bytes
        while left > 0 {
            try handle.write(contentsOf: chunk.prefix(left))
            left -= min(left, chunk.count)
        }
    }

    /// A failure to mount, worded for the test's report.
    struct MountError: Error, CustomStringConvertible {
        /// What failed.
        var description: String
    }

    /// Runs `command` (found on the `PATH`) with `arguments`, its output discarded; returns its exit status.
    private static func run(_ command: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
