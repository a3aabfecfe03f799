import Foundation

/// A short, one-line reason for a failed file read or write, such as "no such file or directory", instead of
/// a multi-line `NSError` dump.
func fileErrorReason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain {
        return String(cString: strerror(Int32(nsError.code)))
    }
    if nsError.domain == NSCocoaErrorDomain {
        switch nsError.code {
        case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on the device"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        case NSFileWriteFileExistsError: return "a file is in the way"
        default: break
        }
    }
    let description = nsError.localizedDescription
    return description.split(whereSeparator: \.isNewline).first.map(String.init) ?? "unknown error"
}
