/// One file the scaffold writes: its path relative to the output folder, and its contents.
public struct ScaffoldFile: Sendable, Hashable {
    /// The path relative to the output folder, with `/` separators.
    public var path: String
    /// The file's text.
    public var contents: String

    /// Creates a file record.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
