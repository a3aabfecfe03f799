import Foundation
import Testing

@testable import MediationScaffold

/// Keeps the scaffold's templates and the conformance kit's reference adapter
/// (`Sources/MediationConformance/Reference/`) from drifting apart: the scaffold is rendered for the network name
/// `Reference`, and each generated file that has a reference counterpart must equal it after normalisation.
///
/// The normalisation, applied to both sides:
/// 1. `import` lines are dropped (the kit's sources and a generated package import different modules);
/// 2. comment lines (`//`, `///`) and blank lines are dropped (the scaffold's comments speak to the adapter's
///    author, with `FILL IN` notes; the kit's to its readers);
/// 3. each line is trimmed of leading and trailing white space.
///
/// The files that have no counterpart are listed in ``exempt`` with the reason; a new template must be added to
/// one list or the other.
@Suite struct ScaffoldReferenceParityTests {
    /// Generated file → the reference source it must match.
    static let counterparts: [String: String] = [
        "Sources/ReferenceAdapter/ReferenceNativeCustomEvent.swift": "ReferenceNativeCustomEvent.swift",
        "Sources/ReferenceAdapter/ReferenceNativeAdAdapter.swift": "ReferenceNativeAdAdapter.swift",
        "Sources/ReferenceAdapter/ReferenceRendererConfiguration.swift": "ReferenceRendererConfiguration.swift",
        "Sources/ReferenceAdapter/ReferenceBidderTokenLoading.swift": "ReferenceBidderTokenLoading.swift",
        "Sources/ReferenceAdapter/ReferenceBidSignalProvider.swift": "ReferenceBidSignalProvider.swift",
        "Sources/ReferenceAdapter/ReferenceNativeCustomEvent+Registration.swift":
            "ReferenceNativeCustomEvent+Registration.swift",
        "Sources/ReferenceAdapter/ReferenceNativeCustomEvent+Versions.swift":
            "ReferenceNativeCustomEvent+Versions.swift",
        "Sources/ReferenceAdapter/ReferenceAdapterConfiguration.swift": "ReferenceAdapterConfiguration.swift",
        "Sources/ReferenceAdapter/ReferenceNetworkStarting.swift": "ReferenceNetworkStarting.swift",
    ]

    /// Generated files without a reference counterpart, and why.
    static let exempt: [String: String] = [
        "Package.swift": "the generated package's manifest; the kit is part of MediationKit's",
        ".gitignore": "package housekeeping",
        "README.md": "the generated package's guide",
        "Sources/ReferenceAdapter/ReferenceNativeAdLoading.swift":
            "the network's own surface (FILL IN); the reference network also answers loads without options",
        "Sources/ReferenceAdapter/ReferenceNetworkNativeAd.swift":
            "the network's own surface (FILL IN); the reference network also records host-reported events",
        "Sources/ReferenceAdapter/ReferenceAdapterVersion.swift": "constants only: the versions differ",
        "Sources/ReferenceAdapter/ReferenceSandboxNetwork.swift":
            "the reference sandbox lives in the kit and takes its ConformanceScenario directly",
        "Sources/ReferenceAdapter/ReferenceSandboxNativeAd.swift":
            "the reference sandbox lives in the kit and plays its ConformanceNetworkEvent directly",
        "Tests/ReferenceAdapterTests/ReferenceConformanceTests.swift":
            "the reference subject is AdapterConformanceSubject.referenceExample, in the kit",
        "Sources/ReferenceAdapter/ReferenceSandboxStarter.swift":
            "the reference starter lives in the kit and takes its NetworkStartupScenario directly",
        "Tests/ReferenceAdapterTests/ReferenceStartupConformanceTests.swift":
            "the reference start-up subject is NetworkStartupConformanceSubject.referenceExample, in the kit",
        "Sources/ReferenceAdapter/Locked.swift":
            "a generated adapter sees only MediationBridge, whose lock box is package; the kit uses that one",
    ]

    static let referenceFolder = URL(fileURLWithPath: TestPaths.repositoryRoot)
        .appendingPathComponent("Sources/MediationConformance/Reference")

    static func renderedForReference() -> [String: String] {
        let files = AdapterScaffold.files(networkName: "Reference", mediationKitPath: TestPaths.repositoryRoot)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.contents) })
    }

    /// The lines compared: no imports, no comments, no blank lines, each trimmed.
    static func normalised(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
    }

    @Test func everyTemplateHasACounterpartOrAReason() {
        let generated = Set(Self.renderedForReference().keys)
        let classified = Set(Self.counterparts.keys).union(Self.exempt.keys)
        #expect(generated == classified, "unclassified: \(generated.subtracting(classified).sorted())")
        #expect(Set(Self.counterparts.keys).isDisjoint(with: Self.exempt.keys))
    }

    @Test(arguments: counterparts.keys.sorted())
    func generatedFileMatchesTheReference(_ path: String) throws {
        let rendered = try #require(Self.renderedForReference()[path])
        let referenceFile = try #require(Self.counterparts[path])
        let reference = try String(
            contentsOf: Self.referenceFolder.appendingPathComponent(referenceFile), encoding: .utf8)
        let difference = LineDifference(expected: Self.normalised(reference), actual: Self.normalised(rendered))
        if !difference.isEmpty {
            Issue.record(
                """
                the scaffold's \(path) (rendered for `Reference`) and Sources/MediationConformance/Reference/\
                \(referenceFile) differ after normalisation; change both, or neither
                (- reference only, + scaffold only, two lines of context):
                \(difference.description)
                """)
        }
    }

    @Test func theDifferenceNamesTheLinesThatDiffer() {
        let difference = LineDifference(expected: ["a", "b", "c"], actual: ["a", "x", "c", "d"])
        #expect(!difference.isEmpty)
        #expect(difference.description == "  a\n- b\n+ x\n  c\n+ d")
        #expect(LineDifference(expected: ["a"], actual: ["a"]).isEmpty)
        let far = LineDifference(
            expected: ["1", "2", "3", "4", "5", "6", "7", "8"], actual: ["1", "2", "3", "4", "5", "6", "7", "x"])
        #expect(far.description == "…\n  6\n  7\n- 8\n+ x", "only the changed lines and two lines of context")
    }

    @Test func normalisingDropsImportsCommentsAndIndentation() {
        let text = "import Foundation\n\n/// Doc.\n    let a = 1   \n    // note\nlet b = 2\n"
        #expect(Self.normalised(text) == ["let a = 1", "let b = 2"])
    }
}

/// A line diff of two texts (longest common subsequence), printed with `-` for lines only expected and `+` for
/// lines only actual.
struct LineDifference: CustomStringConvertible {
    private enum Line {
        case same(String)
        case removed(String)
        case added(String)
    }

    private let lines: [Line]

    init(expected: [String], actual: [String]) {
        let rows = expected.count
        let columns = actual.count
        var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                common[row][column] =
                    expected[row] == actual[column]
                    ? common[row + 1][column + 1] + 1 : max(common[row + 1][column], common[row][column + 1])
            }
        }
        var lines: [Line] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows && column < columns && expected[row] == actual[column] {
                lines.append(.same(expected[row]))
                row += 1
                column += 1
            } else if row < rows && (column == columns || common[row + 1][column] >= common[row][column + 1]) {
                lines.append(.removed(expected[row]))
                row += 1
            } else {
                lines.append(.added(actual[column]))
                column += 1
            }
        }
        self.lines = lines
    }

    /// Whether the texts are the same.
    var isEmpty: Bool {
        lines.allSatisfy { if case .same = $0 { true } else { false } }
    }

    /// The changed lines with two lines of context around each change; `…` stands for the lines left out.
    var description: String {
        let changed = lines.indices.filter { if case .same = lines[$0] { false } else { true } }
        var shown: [String] = []
        var previous: Int?
        for index in lines.indices where changed.contains(where: { abs($0 - index) <= 2 }) {
            if index != (previous.map { $0 + 1 } ?? 0) { shown.append("…") }
            switch lines[index] {
            case .same(let text): shown.append("  " + text)
            case .removed(let text): shown.append("- " + text)
            case .added(let text): shown.append("+ " + text)
            }
            previous = index
        }
        return shown.joined(separator: "\n")
    }
}
