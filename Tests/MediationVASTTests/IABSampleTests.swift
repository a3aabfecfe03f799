import Foundation
import MediationVAST
import Testing

/// The IAB's public VAST samples (InteractiveAdvertisingBureau/VAST_Samples), which may not be committed here:
/// fetch them into a directory and point `VAST_SAMPLES_DIR` at it to run this suite
/// (e.g. `VAST_SAMPLES_DIR=/tmp/vast-samples swift test --filter IABSampleTests`).
@Suite(
    "IAB VAST samples (local only)",
    .enabled(if: ProcessInfo.processInfo.environment["VAST_SAMPLES_DIR"] != nil))
struct IABSampleTests {
    static func files() -> [URL] {
        guard let root = ProcessInfo.processInfo.environment["VAST_SAMPLES_DIR"] else { return [] }
        let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "xml" && !url.path.contains("1-2.0") { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func everyVAST2To42SampleParsesWithAnAd() throws {
        let files = Self.files()
        #expect(!files.isEmpty)
        for file in files {
            let document = try VASTParser().parse(Data(contentsOf: file))
            #expect(!document.ads.isEmpty, "\(file.lastPathComponent)")
            for ad in document.ads where ad.kind == .inline {
                #expect(ad.adSystem != nil, "\(file.lastPathComponent)")
            }
            for ad in document.ads where ad.kind == .wrapper {
                #expect(ad.wrapper?.adTagURI.scheme?.hasPrefix("http") == true, "\(file.lastPathComponent)")
            }
        }
    }
}
