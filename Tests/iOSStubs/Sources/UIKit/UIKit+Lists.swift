// Interface stub of UIKit's lists (table and collection views) for the feed placer's glue: names and signatures as
// in the iOS SDK's Swift interface, no behaviour (the data source protocols' optional requirements are left out).

@MainActor
open class UIScrollView: UIView {
    open var contentOffset: CGPoint {
        get { fatalError() }
        set {}
    }
}

@MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }

    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { fatalError() }
    open var contentView: UIView { fatalError() }
}

@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor
open class UITableView: UIScrollView {
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    weak open var dataSource: (any UITableViewDataSource)? {
        get { fatalError() }
        set {}
    }
    open var indexPathsForVisibleRows: [IndexPath]? { fatalError() }
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        fatalError()
    }
    open func reloadData() {}
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
}

@MainActor
open class UICollectionViewCell: UIView {
    open var contentView: UIView { fatalError() }
}

@MainActor
public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

@MainActor
open class UICollectionView: UIScrollView {
    weak open var dataSource: (any UICollectionViewDataSource)? {
        get { fatalError() }
        set {}
    }
    open var indexPathsForVisibleItems: [IndexPath] { fatalError() }
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    { fatalError() }
    open func reloadData() {}
    open func insertItems(at indexPaths: [IndexPath]) {}
    open func deleteItems(at indexPaths: [IndexPath]) {}
}
