#if canImport(UIKit)
    import UIKit

    /// A `UITableView` data source that puts a ``FeedAdPlacer``'s ads between the host's rows in the placer's
    /// section, as MAX's `MATableViewAdPlacer` does: set it as the table's data source, keep your own as
    /// ``contentDataSource`` (it is asked with content index paths), and call ``updateVisibleRows(in:)`` from
    /// `scrollViewDidScroll(_:)` and after a reload. Other sections pass through unchanged.
    @MainActor
    public final class FeedAdTableViewDataSource: NSObject, UITableViewDataSource {
        /// The placer that says where the ads are.
        public let placer: FeedAdPlacer
        /// The host's data source, asked about content rows with content index paths.
        public weak var contentDataSource: (any UITableViewDataSource)?
        /// Makes the cell of an ad: dequeue one and render the ad into it (`ad.ad.render(into:)`).
        public let adCell: @MainActor (UITableView, IndexPath, ReadyAd) -> UITableViewCell

        /// Creates a data source over `contentDataSource` that places `placer`'s ads, their cells made by `adCell`.
        public init(
            placer: FeedAdPlacer, contentDataSource: any UITableViewDataSource,
            adCell: @escaping @MainActor (UITableView, IndexPath, ReadyAd) -> UITableViewCell
        ) {
            self.placer = placer
            self.contentDataSource = contentDataSource
            self.adCell = adCell
        }

        /// The host's rows, plus the placed ads in the placer's section.
        public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            let rows = contentDataSource?.tableView(tableView, numberOfRowsInSection: section) ?? 0
            guard section == placer.section else { return rows }
            if rows != placer.contentCount { placer.setContentCount(rows) }
            return placer.feedCount
        }

        /// An ad's cell from ``adCell``, or the host's cell for the content row.
        public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            guard indexPath.count == 2, indexPath[0] == placer.section, let content = contentDataSource else {
                return contentDataSource?.tableView(tableView, cellForRowAt: indexPath)
                    ?? UITableViewCell(
                        style: .default, reuseIdentifier: nil)
            }
            if let ad = placer.ad(atFeedIndex: indexPath[1]) { return adCell(tableView, indexPath, ad) }
            guard let contentPath = placer.contentIndexPath(forFeedIndexPath: indexPath) else {
                return UITableViewCell(style: .default, reuseIdentifier: nil)
            }
            return content.tableView(tableView, cellForRowAt: contentPath)
        }

        /// Fills the slots from the first visible row to the placer's lookahead and inserts their rows.
        public func updateVisibleRows(in tableView: UITableView) {
            let rows = (tableView.indexPathsForVisibleRows ?? []).filter { $0.count == 2 && $0[0] == placer.section }
            let first = rows.map { $0[1] }.min() ?? 0
            let last = rows.map { $0[1] }.max() ?? -1
            let inserted = placer.updateVisibleRange(first..<(last + 1))
            guard !inserted.isEmpty else { return }
            tableView.insertRows(at: inserted.map { IndexPath(indexes: [placer.section, $0]) }, with: .none)
        }

        /// The host inserted a content row at `contentIndex`: the placer follows and the table inserts its row.
        public func insertContentRow(at contentIndex: Int, in tableView: UITableView) {
            let index = placer.insertContent(at: contentIndex)
            tableView.insertRows(at: [IndexPath(indexes: [placer.section, index])], with: .automatic)
        }

        /// The host deleted the content row at `contentIndex`: the placer follows and the table deletes its row and
        /// any ad the deletion removed.
        public func deleteContentRow(at contentIndex: Int, in tableView: UITableView) {
            let removed = placer.deleteContent(at: contentIndex)
            guard !removed.isEmpty else { return }
            tableView.deleteRows(at: removed.map { IndexPath(indexes: [placer.section, $0]) }, with: .automatic)
        }
    }
#endif
