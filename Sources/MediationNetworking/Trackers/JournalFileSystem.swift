import Foundation
import MediationCore
import MediationSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the tracker journal needs, each failing with a message that names the path and the
/// cause: files opened without following symbolic links and without blocking (a FIFO in the journal's place
/// cannot hang), regular files only, bounded reads, complete appends, an exclusive lock per directory.
enum JournalFileSystem {
    /// A failure, already worded for a person.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What `path` is, as `lstat` sees it without following a symbolic link; `nil` when it does not exist.
    static func kind(of path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return describe(mode: status.st_mode)
    }

    private static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "an unknown kind of file"
        }
    }

    private static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Reads the regular file at `path`, at most `maxBytes` of it; refuses anything that is not a regular file.
    static func readRegularFile(_ path: String, maxBytes: Int) throws(Failure) -> (data: [UInt8], truncated: Bool) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw Failure(description: "\(path) is a symbolic link, not a journal file") }
            throw Failure(description: "cannot open \(path): \(errorText(code))")
        }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Failure(description: "cannot inspect \(path): \(errorText())")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "\(path) is \(describe(mode: status.st_mode)), not a journal file")
        }
        let size = Int(status.st_size)
        let wanted = min(size, maxBytes)
        var data = [UInt8](repeating: 0, count: wanted)
        var offset = 0
        while offset < wanted {
            let count = data.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + offset, wanted - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
        }
        data.removeSubrange(offset...)
        return (data, size > maxBytes)
    }

    /// Opens `path` for appending, creating it (it must not exist unless `mayExist`); refuses a symbolic link.
    static func openForAppending(_ path: String, mayExist: Bool = false) throws(Failure) -> Int32 {
        var flags = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC
        if !mayExist { flags |= O_EXCL }
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot create \(path): \(errorText())")
        }
        return descriptor
    }

    /// Writes all of `bytes` to `descriptor`. A failure may leave a part of `bytes` written (a full disk takes what
    /// fits, then refuses with `ENOSPC`). With a `budget`, only what the budget grants is written, and the rest
    /// fails with `ENOSPC`'s message.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, budget: JournalSpaceBudget? = nil) throws(Failure) {
        let allowed = budget.map { $0.take(bytes.count) } ?? bytes.count
        var offset = 0
        while offset < allowed {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, allowed - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                budget?.add(allowed - offset)
                throw Failure(description: "write failed: \(errorText(code))")
            }
            offset += count
        }
        guard allowed == bytes.count else { throw Failure(description: "write failed: \(errorText(ENOSPC))") }
    }

    /// Whether the regular file at `path` is empty or ends with a line break, so that a line appended to it starts
    /// a line of its own; `false` after a torn last line (a kill, or a write cut short by a full disk), and when
    /// it cannot be read.
    static func endsWithLineBreak(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        guard status.st_size > 0 else { return true }
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, status.st_size - 1) == 1 else { return false }
        return last == UInt8(ascii: "\n")
    }

    /// The bytes that can still be written to the filesystem of `path` (`statvfs`'s blocks available to an
    /// unprivileged writer), or what is left of `budget`; `nil` when it cannot be told.
    static func availableBytes(at path: String, budget: JournalSpaceBudget? = nil) -> Int? {
        if let budget { return budget.remainingBytes }
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        let (bytes, overflow) = Int(clamping: status.f_bavail).multipliedReportingOverflow(
            by: Int(clamping: status.f_frsize))
        return overflow ? Int.max : bytes
    }

    /// The size of the file open as `descriptor`, in bytes; 0 when it cannot be read.
    static func size(of descriptor: Int32) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return 0 }
        return Int(status.st_size)
    }

    /// Flushes `descriptor` to storage.
    static func sync(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = fcntl(descriptor, F_FULLFSYNC)
        #else
            _ = fsync(descriptor)
        #endif
    }

    /// Flushes the directory at `path` (its entries: created, renamed and removed files) to storage.
    static func syncDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    /// Renames `from` to `to`, atomically.
    static func rename(_ from: String, to: String) throws(Failure) {
        #if canImport(Glibc) || canImport(Musl)
            let result = Glibc.rename(from, to)
        #else
            let result = Darwin.rename(from, to)
        #endif
        guard result == 0 else { throw Failure(description: "cannot rename \(from) to \(to): \(errorText())") }
    }

    /// Removes the file at `path`; a missing file is not an error. With a `budget`, the file's bytes go back to it.
    static func remove(_ path: String, budget: JournalSpaceBudget? = nil) {
        guard let budget else {
            _ = unlink(path)
            return
        }
        var status = stat()
        let size = lstat(path, &status) == 0 ? Int(status.st_size) : 0
        if unlink(path) == 0 { budget.add(size) }
    }

    /// A file as the kernel names it: its device and inode.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// The lock files this process holds. A `flock` is held by an open file description, which a child process
    /// shares between its `fork` and its `exec`; the set tells a second journal in this process (refused at once)
    /// from a child that has not yet closed its inherited copy (waited out, briefly).
    private static let heldLocks = Locked<Set<FileIdentity>>([])

    /// How long a lock held under this process's own ID, but not by a journal of this process, is waited for: the
    /// time a child being spawned by another thread keeps its inherited copy of the descriptor.
    static let inheritedLockWait: Duration = .milliseconds(500)

    /// Takes the exclusive lock of `path` (created when missing) for as long as the returned descriptor stays open,
    /// and writes this process's ID into it. Release it with `unlock(_:)`. A lock held under this process's ID but
    /// by no journal of it is waited for up to `inheritedWait` (tests lengthen it, so that a loaded machine cannot
    /// tell a wait from a refusal).
    static func lock(_ path: String, inheritedWait: Duration = inheritedLockWait) throws(Failure) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw Failure(description: "\(path) is a symbolic link, not a lock file") }
            throw Failure(description: "cannot open the lock file \(path): \(errorText(code))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            _ = close(descriptor)
            throw Failure(description: "\(path) is \(describe(mode: status.st_mode)), not a lock file")
        }
        let identity = FileIdentity(status)
        let started = ContinuousClock.now
        while true {
            enum Attempt {
                case taken
                case heldHere
                case refused(Int32)
            }
            let attempt = heldLocks.withLock { held -> Attempt in
                if held.contains(identity) { return .heldHere }
                guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return .refused(errno) }
                held.insert(identity)
                return .taken
            }
            switch attempt {
            case .taken:
                _ = ftruncate(descriptor, 0)
                let pid = Array("\(getpid())\n".utf8)
                _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, pid.count, 0) }
                return descriptor
            case .heldHere:
                _ = close(descriptor)
                throw Failure(
                    description:
                        "\(path) is locked by another tracker pinger (process \(getpid())); one pinger per journal directory"
                )
            case .refused(let code) where code == EWOULDBLOCK:
                let holder = (try? readRegularFile(path, maxBytes: 32))
                    .flatMap {
                        Int32(String(decoding: $0.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                    }
                if holder == getpid(), ContinuousClock.now - started < inheritedWait {
                    usleep(2_000)
                    continue
                }
                _ = close(descriptor)
                let who = holder.map { "process \($0)" } ?? "another process"
                throw Failure(
                    description:
                        "\(path) is locked by another tracker pinger (\(who)); one pinger per journal directory")
            case .refused(let code):
                _ = close(descriptor)
                throw Failure(description: "cannot lock \(path): \(errorText(code))")
            }
        }
    }

    /// Releases a lock taken with `lock(_:)` and closes its descriptor.
    static func unlock(_ descriptor: Int32) {
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            _ = heldLocks.withLock { $0.remove(FileIdentity(status)) }
        }
        _ = close(descriptor)
    }

    /// Whether the directory at `path` can be written by this process.
    static func isWritableDirectory(_ path: String) -> Bool {
        access(path, W_OK | X_OK) == 0
    }

    /// Closes `descriptor`.
    static func closeDescriptor(_ descriptor: Int32) {
        _ = close(descriptor)
    }
}
