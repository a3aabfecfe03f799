import Foundation
import MediationSupport

/// The built-in logger: one line per entry on standard error, from a minimum level up.
///
/// A line reads `mediation [info] run-3 unit=feed: line 0 MyTargetNativeBannerCustomEvent won line=0`
/// (`unit=-` when the response names no ad unit; no run part outside a load). Control, line-breaking and
/// bidirectional characters in any part are shown as `\u{…}`: every entry is exactly one line.
public struct ConsoleLogger: MediationLogger {
    /// The lowest level written; lower ones are never built.
    public let minimumLevel: MediationLogLevel
    private let write: @Sendable (String) -> Void

    /// A logger writing to standard error.
    ///
    /// - Parameter minimumLevel: the lowest level written; `info` by default, `debug` for verbose output.
    public init(minimumLevel: MediationLogLevel = .info) {
        self.init(minimumLevel: minimumLevel) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// A logger handing each formatted line (without newline) to `write`, which must be thread-safe.
    package init(minimumLevel: MediationLogLevel = .info, write: @escaping @Sendable (String) -> Void) {
        self.minimumLevel = minimumLevel
        self.write = write
    }

    /// `true` from ``minimumLevel`` up.
    public func isEnabled(_ level: MediationLogLevel) -> Bool {
        level >= minimumLevel
    }

    /// Writes the entry as one line.
    public func record(_ entry: MediationLogEntry) {
        write(Self.format(entry))
    }

    /// The line for `entry`: `mediation [LEVEL] RUN unit=UNIT: MESSAGE key=value …`, metadata sorted by key.
    ///
    /// The ad unit, the message and every metadata key and value are made terminal-safe (`String.terminalSafe`)
    /// here too, so an entry recorded without ``MediationLogger/log(_:_:metadata:)`` still prints as one line
    /// that cannot clear the screen, ring the bell or reorder text.
    package static func format(_ entry: MediationLogEntry) -> String {
        var line = "mediation [\(entry.level.name)]"
        if let runID = entry.runID {
            line += " \(runID) unit=\(entry.adUnit?.terminalSafe ?? "-")"
        }
        line += ": " + entry.message.terminalSafe
        for (key, value) in entry.metadata.sorted(by: { $0.key < $1.key }) {
            line += " \(key.terminalSafe)=\(value.terminalSafe)"
        }
        return line
    }
}
