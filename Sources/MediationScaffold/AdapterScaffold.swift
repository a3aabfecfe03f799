import Foundation

/// Writes a complete, compiling Swift package with a MediationKit adapter for a new network: the network
/// surface to fill in, a custom event, an adapter, a renderer configuration, versions, an in-memory sandbox
/// stand-in that fills with sample content, and a test that runs the conformance kit. As written it builds in
/// Swift 6 mode with warnings as errors and passes the kit.
///
/// ```swift
/// let scaffold = try AdapterScaffold(networkName: "Acme", mediationKitPath: "/src/MediationKit")
/// let written = try scaffold.write(to: "/src/AcmeAdapter")
/// ```
public struct AdapterScaffold: Sendable {
    /// The network name: the prefix of every generated type (`AcmeNativeCustomEvent`).
    public let networkName: String
    /// The absolute path of the MediationKit package the generated package depends on.
    public let mediationKitPath: String
    /// Native or in-stream (and which in-stream formats, over which kind of SDK).
    public let format: ScaffoldFormat

    /// Checks `networkName` and resolves `mediationKitPath` to an absolute path; writes a native adapter.
    ///
    /// - Throws: ``ScaffoldError/invalidNetworkName(name:reason:)`` when the name cannot name Swift types and a
    ///   module, ``ScaffoldError/notMediationKit(path:)`` when the path does not hold MediationKit.
    public init(networkName: String, mediationKitPath: String) throws(ScaffoldError) {
        try self.init(networkName: networkName, mediationKitPath: mediationKitPath, format: .native)
    }

    /// Checks `networkName` and resolves `mediationKitPath` to an absolute path; writes a `format` adapter.
    ///
    /// - Throws: ``ScaffoldError/invalidNetworkName(name:reason:)`` when the name cannot name Swift types and a
    ///   module, ``ScaffoldError/notMediationKit(path:)`` when the path does not hold MediationKit.
    public init(networkName: String, mediationKitPath: String, format: ScaffoldFormat) throws(ScaffoldError) {
        try Self.validate(networkName: networkName)
        let absolute = Self.absolutePath(mediationKitPath)
        guard Self.holdsMediationKit(absolute) else { throw .notMediationKit(path: absolute) }
        self.networkName = networkName
        self.mediationKitPath = absolute
        self.format = format
    }

    /// The generated module: `<Name>Adapter`.
    public var moduleName: String { networkName + "Adapter" }

    /// Every file of the package, with paths relative to the output folder.
    public var files: [ScaffoldFile] {
        Self.files(networkName: networkName, mediationKitPath: mediationKitPath, format: format)
    }

    /// Every file for `networkName`, unchecked: also for a reserved name such as `Reference`, which the tests use
    /// to compare the templates with the conformance kit's reference adapter.
    static func files(
        networkName: String, mediationKitPath: String, format: ScaffoldFormat = .native
    ) -> [ScaffoldFile] {
        var substitutions = [
            "Name": networkName,
            "lowerName": lowerCamelCase(networkName),
            "domainName": networkName.lowercased(),
            "MediationKitPathLiteral": swiftStringLiteral(mediationKitPath),
        ]
        switch format {
        case .native:
            return ScaffoldTemplate.all.map { $0.render(substitutions) }
        case .instream(let media, let source):
            substitutions["formats"] = media.words
            substitutions["formatList"] = media.formatList
            let templates = source == .vast ? ScaffoldTemplate.vastInstream : ScaffoldTemplate.instream
            return templates.map { $0.render(substitutions) }
        }
    }

    /// Writes every file under `directory`, creating it (and its parents) when missing.
    ///
    /// - Returns: the paths written, relative to `directory`.
    /// - Throws: ``ScaffoldError/outputNotEmpty(path:)`` when `directory` exists and holds anything (nothing is
    ///   overwritten), ``ScaffoldError/outputNotADirectory(path:)`` when it is a file,
    ///   ``ScaffoldError/writeFailed(path:reason:)`` when the file system refuses.
    @discardableResult
    public func write(to directory: String) throws(ScaffoldError) -> [String] {
        let fileManager = FileManager.default
        let root = URL(fileURLWithPath: Self.absolutePath(directory), isDirectory: true)
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: root.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .outputNotADirectory(path: root.path) }
            let entries: [String]
            do {
                entries = try fileManager.contentsOfDirectory(atPath: root.path)
            } catch {
                throw .writeFailed(path: root.path, reason: error.localizedDescription)
            }
            guard entries.isEmpty else { throw .outputNotEmpty(path: root.path) }
        }
        var written: [String] = []
        for file in files {
            let url = root.appendingPathComponent(file.path)
            do {
                try fileManager.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
            } catch {
                throw .writeFailed(path: url.path, reason: error.localizedDescription)
            }
            written.append(file.path)
        }
        return written
    }

    /// Whether `path` is a folder holding MediationKit's `Package.swift`.
    public static func holdsMediationKit(_ path: String) -> Bool {
        let manifest = URL(fileURLWithPath: absolutePath(path)).appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return false }
        return text.contains("name: \"MediationKit\"")
    }

    /// `path` made absolute against the current folder, with `.` and `..` resolved.
    static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `text` as a Swift string literal, quotes included.
    static func swiftStringLiteral(_ text: String) -> String {
        var literal = "\""
        for character in text {
            switch character {
            case "\\": literal += "\\\\"
            case "\"": literal += "\\\""
            default: literal.append(character)
            }
        }
        return literal + "\""
    }
}
