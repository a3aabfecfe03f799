/// Why a ``FrequencyCapStore``'s file could not be read or written: the file and what is wrong with it.
///
/// A bad file never stops the store or the mediator: the store starts empty (``FrequencyCapStore/loadError`` says
/// why, and a mediator made with it logs it at warning), and the next impression replaces the file.
public struct FrequencyCapStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// What is wrong, naming the JSON path of a bad value: `$.impressions[3].at: expected a whole number of
    /// milliseconds since 1970, got "soon"`.
    public var reason: String

    /// Creates an error.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `frequency cap store <path>: <reason>`.
    public var description: String { "frequency cap store \(path): \(reason)" }
}
