import Foundation
import Testing

@testable import MediationBridge
@testable import MediationCore

/// docs/privacy.md's matrix is the one `PrivacyMatrix.markdown()` renders from the code table.
@Suite struct PrivacyMatrixDocumentTests {
    private static let document = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/privacy.md")

    /// Compares the section between the markers with `PrivacyMatrix.markdown()`; with
    /// `UPDATE_PRIVACY_MATRIX=1` in the environment it rewrites the section instead (then review the diff).
    @Test("docs/privacy.md shows the matrix rendered from PrivacyMatrix")
    func documentMatchesTheTable() throws {
        var text = try String(contentsOf: Self.document, encoding: .utf8)
        let markers = PrivacyMatrix.markdownMarkers
        let begin = try #require(text.range(of: markers.begin), "docs/privacy.md lacks \(markers.begin)")
        let end = try #require(text.range(of: markers.end), "docs/privacy.md lacks \(markers.end)")
        let documented = text[begin.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        let generated = PrivacyMatrix.markdown().trimmingCharacters(in: .whitespacesAndNewlines)
        if ProcessInfo.processInfo.environment["UPDATE_PRIVACY_MATRIX"] == "1" {
            text.replaceSubrange(begin.upperBound..<end.lowerBound, with: "\n\n\(generated)\n\n")
            try text.write(to: Self.document, atomically: true, encoding: .utf8)
            return
        }
        let documentedLines = documented.split(separator: "\n", omittingEmptySubsequences: false)
        let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let difference = generatedLines.difference(from: documentedLines)
        let diff = difference.map { change -> String in
            switch change {
            case .remove(let offset, let line, _): "- line \(offset + 1): \(line)"
            case .insert(let offset, let line, _): "+ line \(offset + 1): \(line)"
            }
        }
        #expect(
            diff.isEmpty,
            """
            docs/privacy.md's matrix disagrees with PrivacyMatrix (- in the doc, + generated); paste \
            PrivacyMatrix.markdown() between the markers:
            \(diff.joined(separator: "\n"))
            """)
    }

    @Test("every restricting input withholds every personal field from every destination")
    func restrictionsWithholdEverywhere() {
        for input in PrivacyInput.allCases where input.restriction != nil {
            for destination in PrivacyDestination.allCases {
                #expect(
                    PrivacyMatrix.cell(input, destination).withheld == Set(PrivacyPersonalField.allCases),
                    "\(input) at \(destination)")
            }
        }
    }

    @Test("a sale opt-out, under-age and no-personalisation turn personal targeting off")
    func newRestrictions() throws {
        let targeting = try Targeting(age: 34, gender: .female, language: "ru")
        for privacy in [
            try PrivacySettings(usPrivacyString: "1YYN"),
            try PrivacySettings(isUnderAgeOfConsent: true, disallowsPersonalization: false),
            try PrivacySettings(isUnderAgeOfConsent: false, disallowsPersonalization: true),
        ] {
            #expect(!privacy.allowsPersonalTargeting)
            #expect(targeting.redacted(for: privacy) == (try Targeting(language: "ru")))
        }
        for usPrivacy in ["1YNN", "1---", "1NNY"] {
            let privacy = try PrivacySettings(usPrivacyString: usPrivacy)
            #expect(privacy.allowsPersonalTargeting)
            #expect(!privacy.optsOutOfSale)
        }
        #expect(try PrivacySettings(usPrivacyString: "1NYY").optsOutOfSale)
    }

    @Test("the new flags round-trip through Codable and default to false")
    func newFlagsRoundTrip() throws {
        let privacy = try PrivacySettings(isUnderAgeOfConsent: true, disallowsPersonalization: true)
        let data = try JSONEncoder().encode(privacy)
        #expect(try JSONDecoder().decode(PrivacySettings.self, from: data) == privacy)
        let old = try JSONDecoder().decode(PrivacySettings.self, from: Data(#"{"isChildDirected": true}"#.utf8))
        #expect(!old.isUnderAgeOfConsent && !old.disallowsPersonalization)
        #expect(!String(decoding: try JSONEncoder().encode(old), as: UTF8.self).contains("isUnderAgeOfConsent"))
    }
}
