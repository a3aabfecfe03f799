import Foundation
import MediationCore

/// Reading an inspector page back in tests: the timeline bars, the tags and their attributes.
struct InspectorPage {
    let html: String

    init(_ inspection: MediationInspection) {
        html = MediationInspector.htmlPage(for: inspection)
    }

    /// The timeline bars' outcome classes (`won`, `nofill`, …) by line index, in row order.
    var bars: [(line: Int, outcome: String)] {
        html.matches(of: /<rect class="bar o-([a-z]+)"[^>]*><title>line (\d+):/).compactMap { match in
            Int(match.output.2).map { ($0, String(match.output.1)) }
        }
    }

    /// The outcome class of `line`'s bar, if it has one.
    func bar(line: Int) -> String? {
        bars.first { $0.line == line }?.outcome
    }

    /// The number of occurrences of `fragment`.
    func count(_ fragment: String) -> Int {
        html.components(separatedBy: fragment).count - 1
    }

    /// Every tag in the page as (name, attribute names). Every `<` of text is escaped, so each raw `<` opens a
    /// tag the inspector wrote.
    var tags: [(name: String, attributes: [String])] {
        html.matches(of: /<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/).map { match in
            let attributes = String(match.output.2).matches(of: /\s([a-zA-Z:-]+)="[^"]*"/).map {
                String($0.output.1).lowercased()
            }
            return (String(match.output.1).lowercased(), attributes)
        }
    }

    /// The tags the inspector writes; anything else came from a string that was not escaped.
    static let allowedTags: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "div", "span", "b", "p",
        "section", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "i", "svg", "rect", "line", "text",
        "path", "g", "article", "header", "title",
    ]

    /// The problems that would let the page run script, load anything or link anywhere: unknown tags, event
    /// handler, `src` or `href` attributes, or a CSS `url(` or `@import`.
    var safetyProblems: [String] {
        var problems: [String] = []
        if html.lowercased().contains("<script") { problems.append("a <script> tag") }
        for tag in tags {
            if !Self.allowedTags.contains(tag.name) { problems.append("tag <\(tag.name)>") }
            for attribute in tag.attributes
            where attribute.hasPrefix("on") || ["src", "href", "xlink:href", "srcset", "action"].contains(attribute) {
                problems.append("attribute \(attribute) on <\(tag.name)>")
            }
        }
        let styles = html.matches(of: /<style>([^<]*)<\/style>/).map { String($0.output.1) }
        if styles.count != 1 { problems.append("\(styles.count) <style> elements") }
        if styles.contains(where: { $0.contains("url(") || $0.contains("@import") }) {
            problems.append("a CSS url( or @import")
        }
        return problems
    }
}
