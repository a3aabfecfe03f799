#if canImport(UIKit)
    import UIKit

    /// A `UICollectionView` data source that puts a ``FeedAdPlacer``'s ads between the host's items in the placer's
    /// section, as MAX's `MACollectionViewAdPlacer` does: set it as the collection view's data source, keep your own as
    /// ``contentDataSource`` (it is asked with content index paths), and call ``updateVisibleItems(in:)`` from
    /// `scrollViewDidScroll(_:)` and after a reload. Other sections pass through unchanged.
    @MainActor
    public final class FeedAdCollectionViewDataSource: NSObject, UICollectionViewDataSource {
        /// The placer that says where the ads are.
        public let placer: FeedAdPlacer
        /// The host's data source, asked about content items with content index paths.
        public weak var contentDataSource: (any UICollectionViewDataSource)?
        /// Makes the cell of an ad: dequeue one and render the ad into it (`ad.ad.render(into:)`).
        public let adCell: @MainActor (UICollectionView, IndexPath, ReadyAd) -> UICollectionViewCell

        /// Creates a data source over `contentDataSource` that places `placer`'s ads, their cells made by `adCell`.
        public init(
            placer: FeedAdPlacer, contentDataSource: any UICollectionViewDataSource,
            adCell: @escaping @MainActor (UICollectionView, IndexPath, ReadyAd) -> UICollectionViewCell
        ) {
            self.placer = placer
            self.contentDataSource = contentDataSource
            self.adCell = adCell
        }

        /// The host's items, plus the placed ads in the placer's section.
        public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            let items = contentDataSource?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
            guard section == placer.section else { return items }
            if items != placer.contentCount { placer.setContentCount(items) }
            return placer.feedCount
        }

        /// An ad's cell from ``adCell``, or the host's cell for the content item.
        public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            guard indexPath.count == 2, indexPath[0] == placer.section, let content = contentDataSource else {
                return contentDataSource?.collectionView(collectionView, cellForItemAt: indexPath)
                    ?? emptyCell(collectionView, indexPath)
            }
            if let ad = placer.ad(atFeedIndex: indexPath[1]) { return adCell(collectionView, indexPath, ad) }
            guard let contentPath = placer.contentIndexPath(forFeedIndexPath: indexPath) else {
                return emptyCell(collectionView, indexPath)
            }
            return content.collectionView(collectionView, cellForItemAt: contentPath)
        }

        /// A blank cell, for an item asked after the host's data source went (a collection view's cells must be
        /// dequeued).
        private func emptyCell(_ collectionView: UICollectionView, _ indexPath: IndexPath) -> UICollectionViewCell {
            let identifier = "MediationKit.FeedAdCollectionViewDataSource.empty"
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
            return collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        }

        /// Fills the slots from the first visible item to the placer's lookahead and inserts their items.
        public func updateVisibleItems(in collectionView: UICollectionView) {
            let items = (collectionView.indexPathsForVisibleItems).filter { $0.count == 2 && $0[0] == placer.section }
            let first = items.map { $0[1] }.min() ?? 0
            let last = items.map { $0[1] }.max() ?? -1
            let inserted = placer.updateVisibleRange(first..<(last + 1))
            guard !inserted.isEmpty else { return }
            collectionView.insertItems(at: inserted.map { IndexPath(indexes: [placer.section, $0]) })
        }

        /// The host inserted a content item at `contentIndex`: the placer follows and the table inserts its item.
        public func insertContentItem(at contentIndex: Int, in collectionView: UICollectionView) {
            let index = placer.insertContent(at: contentIndex)
            collectionView.insertItems(at: [IndexPath(indexes: [placer.section, index])])
        }

        /// The host deleted the content item at `contentIndex`: the placer follows and the table deletes its item and
        /// any ad the deletion removed.
        public func deleteContentItem(at contentIndex: Int, in collectionView: UICollectionView) {
            let removed = placer.deleteContent(at: contentIndex)
            guard !removed.isEmpty else { return }
            collectionView.deleteItems(at: removed.map { IndexPath(indexes: [placer.section, $0]) })
        }
    }
#endif
