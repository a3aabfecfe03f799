/// `mediation new-adapter`: not built yet; its issue replaces this file.
enum NewAdapterCommand {
    static func run(_ arguments: [String]) -> Int32 {
        printError("mediation new-adapter: not available in this build yet")
        return 2
    }
}
