// Interface stub of Apple's unified logging in Swift (`os.Logger`, iOS 14+): the surface docs/logging.md uses.
// Names and signatures only, no behaviour. The real `OSLogMessage` interpolation is compiler-checked for constant
// formats and privacy arguments; this stub accepts the same spellings but cannot check that.
import Foundation

public struct OSLogType: Equatable, Sendable {
    public let rawValue: UInt8
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public static let `default` = OSLogType(0x00)
    public static let info = OSLogType(0x01)
    public static let debug = OSLogType(0x02)
    public static let error = OSLogType(0x10)
    public static let fault = OSLogType(0x11)
}

public struct OSLogPrivacy: Sendable {
    public static let `public` = OSLogPrivacy()
    public static let `private` = OSLogPrivacy()
    public static let auto = OSLogPrivacy()
    public static let sensitive = OSLogPrivacy()
}

public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto
    ) {}
    public mutating func appendInterpolation<T: CustomStringConvertible>(
        _ value: @autoclosure @escaping () -> T, privacy: OSLogPrivacy = .auto
    ) {}
}

public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public init(stringInterpolation: OSLogInterpolation) {}
    public init(stringLiteral value: String) {}
}

public struct Logger: @unchecked Sendable {
    public init(subsystem: String, category: String) {}
    public init() {}
    public func log(level: OSLogType, _ message: OSLogMessage) {}
    public func log(_ message: OSLogMessage) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func warning(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}
