/// `mediation bench`: not built yet; its issue replaces this file.
enum BenchCommand {
    static func run(_ arguments: [String]) async -> Int32 {
        printError("mediation bench: not available in this build yet")
        return 2
    }
}
