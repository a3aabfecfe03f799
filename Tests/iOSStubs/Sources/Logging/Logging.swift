// Interface stub of apple/swift-log's `Logging` module (1.x): the surface docs/logging.md uses. Names and
// signatures only, no behaviour; the package has no outside dependencies, so the real swift-log is not fetched.
import Foundation

public struct Logger: Sendable {
    public enum Level: String, Codable, CaseIterable, Sendable, Comparable {
        case trace, debug, info, notice, warning, error, critical
        public static func < (lhs: Level, rhs: Level) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public indirect enum MetadataValue: Sendable, ExpressibleByStringLiteral {
        case string(String)
        case stringConvertible(any CustomStringConvertible & Sendable)
        case dictionary(Metadata)
        case array([Logger.MetadataValue])
        public init(stringLiteral value: String) { self = .string(value) }
    }

    public typealias Metadata = [String: MetadataValue]

    public struct Message: ExpressibleByStringLiteral, ExpressibleByStringInterpolation, Sendable {
        public init(stringLiteral value: String) {}
    }

    public let label: String
    public var logLevel: Level {
        get { fatalError() }
        set {}
    }

    public init(label: String) { self.label = label }

    public subscript(metadataKey metadataKey: String) -> MetadataValue? {
        get { fatalError() }
        set {}
    }

    public func log(
        level: Level, _ message: @autoclosure () -> Message, metadata: @autoclosure () -> Metadata? = nil,
        source: @autoclosure () -> String? = nil, file: String = #fileID, function: String = #function,
        line: UInt = #line
    ) {}
}
