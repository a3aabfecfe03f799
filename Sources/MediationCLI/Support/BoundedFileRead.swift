import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file the CLI was asked to check, at most `limit` bytes of it: the size is looked at before a byte
/// is read, and anything that is not a regular file (a FIFO, a device, a socket, a directory) is refused without
/// reading, so that `validate /dev/zero` or a 3 GB file cannot take the memory or hang.
enum BoundedFileRead {
    /// Why a file was not read.
    enum Failure: Error, Equatable {
        /// The file could not be opened or examined; the reason is short ("no such file or directory").
        case unreadable(String)
        /// The path is not a regular file; the kind says what it is ("a FIFO", "a character device").
        case notARegularFile(String)
        /// The file is larger than the limit; `size` is its size in bytes, or `nil` when it grew while read.
        case tooLarge(size: Int?, limit: Int)

        /// A one-line reason.
        var reason: String {
            switch self {
            case .unreadable(let reason): reason
            case .notARegularFile(let kind): "not a regular file (\(kind)); only regular files are read"
            case .tooLarge(let size?, let limit):
                "the file is \(size) bytes, over the limit of \(limit) bytes; it was not read"
            case .tooLarge(nil, let limit): "the file grew past the limit of \(limit) bytes while being read"
            }
        }
    }

    /// The bytes of the regular file at `path`, when it holds at most `limit` bytes.
    ///
    /// The file is opened without blocking (a FIFO would otherwise wait for a writer), examined with `fstat`
    /// on the opened descriptor (so the file read is the file examined), and read with one bounded read of
    /// `limit + 1` bytes, so a file that grows after the check is still caught.
    static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else { throw .notARegularFile(describe(kind)) }
        let size = Int(clamping: status.st_size)
        guard size <= limit else { throw .tooLarge(size: size, limit: limit) }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadable(fileErrorReason(error))
        }
        guard data.count <= limit else { throw .tooLarge(size: nil, limit: limit) }
        return data
    }

    /// At most `limit + 1` bytes of `handle` (standard input): enough to tell that the input is over `limit`.
    static func read(_ handle: FileHandle, limit: Int) -> Data {
        (try? handle.read(upToCount: limit + 1)) ?? Data()
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
    }
}
