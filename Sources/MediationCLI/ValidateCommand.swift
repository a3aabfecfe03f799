/// `mediation validate`: not built yet; its issue replaces this file.
enum ValidateCommand {
    static func run(_ arguments: [String]) -> Int32 {
        printError("mediation validate: not available in this build yet")
        return 2
    }
}
