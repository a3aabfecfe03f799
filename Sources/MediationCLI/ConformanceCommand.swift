/// `mediation conformance`: not built yet; its issue replaces this file.
enum ConformanceCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        printError("mediation conformance: not available in this build yet")
        return 2
    }
}
