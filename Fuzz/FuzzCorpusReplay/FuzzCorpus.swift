import Foundation

/// Replays fuzz corpora without libFuzzer: the regression run of every fuzz target in CI.
public enum FuzzCorpus {
    /// The files of a corpus: `path` itself when it is a file, else the regular files directly inside it,
    /// sorted; none when `path` does not exist.
    public static func files(at path: String) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        let url = URL(fileURLWithPath: path)
        guard isDirectory.boolValue else { return [url] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { !$0.hasDirectoryPath }
            .sorted { $0.path < $1.path }
    }

    /// Runs `check` on every file of every corpus named in `arguments` and returns how many inputs ran.
    public static func replay(_ arguments: some Sequence<String>, check: (Data) -> Void) throws -> Int {
        var count = 0
        for path in arguments {
            for file in try files(at: path) {
                check(try Data(contentsOf: file))
                count += 1
            }
        }
        return count
    }
}
