/// Where an element sits in a document (`VAST/Ad[2]/InLine/Creatives/Creative[1]`), kept as a link to its
/// parent so that the text is only written out when an issue, an error or the model names it.
indirect enum VASTElementPath: Sendable {
    /// The root element, by name.
    case root(String)
    /// A child element: its parent's path, its name and its 1-based position among same-named siblings.
    case child(VASTElementPath, String, Int)

    /// The path as text: the root's name, then `/name[position]` for each element below it.
    var text: String {
        var steps: [(String, Int)] = []
        var cursor = self
        while case .child(let parent, let name, let position) = cursor {
            steps.append((name, position))
            cursor = parent
        }
        guard case .root(let rootName) = cursor else { return "" }
        var output = rootName
        for (name, position) in steps.reversed() {
            output += "/" + name + "[" + String(position) + "]"
        }
        return output
    }
}
