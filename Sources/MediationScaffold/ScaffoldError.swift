/// Why `mediation new-adapter` could not write an adapter package.
public enum ScaffoldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The network name cannot name Swift types and a module; `reason` says why.
    case invalidNetworkName(name: String, reason: String)
    /// The output folder exists and is not empty; nothing is overwritten.
    case outputNotEmpty(path: String)
    /// The output path exists and is not a folder.
    case outputNotADirectory(path: String)
    /// The path given (or the current folder) does not hold MediationKit's `Package.swift`.
    case notMediationKit(path: String)
    /// A file or folder could not be written.
    case writeFailed(path: String, reason: String)

    /// One line naming what was wrong and where.
    public var description: String {
        switch self {
        case .invalidNetworkName(let name, let reason):
            "invalid network name '\(name)': \(reason)"
        case .outputNotEmpty(let path):
            "output folder '\(path)' is not empty; refusing to overwrite anything (pick a new or empty folder)"
        case .outputNotADirectory(let path):
            "output path '\(path)' exists and is not a folder"
        case .notMediationKit(let path):
            "'\(path)' does not hold MediationKit's Package.swift; pass --mediationkit PATH"
        case .writeFailed(let path, let reason):
            "could not write '\(path)': \(reason)"
        }
    }
}
