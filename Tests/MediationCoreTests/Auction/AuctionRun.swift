import Foundation
import MediationCore
import MediationTesting

/// A finished auction run of the auction suites, with its harness: the record, an entry by custom event, and the
/// notices the harness's pinger received.
struct AuctionRun {
    var result: MediationRunResult
    var harness: WaterfallHarness

    var record: AuctionRecord? { result.trace.auction }

    func entry(_ customEvent: String) -> AuctionRecordEntry? {
        record?.order.first { $0.customEvent == customEvent }
    }

    func notices(_ event: TrackerPingEvent) -> [URL] { AuctionFixture.notices(harness.pinger, event) }

    /// The `event` notice of the bid `bidID` (the notice URLs end with the bid's ID).
    func notice(_ event: TrackerPingEvent, _ bidID: String) -> URL? {
        notices(event).first { $0.lastPathComponent == bidID }
    }
}
