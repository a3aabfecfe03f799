/// Where a value sits in an OpenRTB document (`$.assets[2].img.url`), kept as links to its parent so that the
/// text is only built when a drop or an error names it; the success path never formats a path.
indirect enum OpenRTBJSONPath: Sendable {
    /// A path given as text (the root, `$`).
    case text(String)
    /// The member `key` of the object at the parent path.
    case member(OpenRTBJSONPath, String)
    /// The element at `index` of the array at the parent path.
    case element(OpenRTBJSONPath, Int)

    /// The path as written in errors and drops: `$.assets[2].img.url`.
    var text: String {
        var components: [OpenRTBJSONPath] = []
        var cursor = self
        while true {
            switch cursor {
            case .text: components.append(cursor)
            case .member(let parent, _), .element(let parent, _):
                components.append(cursor)
                cursor = parent
                continue
            }
            break
        }
        var output = ""
        for component in components.reversed() {
            switch component {
            case .text(let text): output += text
            case .member(_, let key): output += "." + key
            case .element(_, let index): output += "[\(index)]"
            }
        }
        return output
    }
}
