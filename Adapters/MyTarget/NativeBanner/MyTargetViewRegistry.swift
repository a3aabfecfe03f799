import MediationBridge
import MediationSupport

/// Which myTarget ad each surface is registered on, so that a view registered on a new ad is first
/// unregistered from the old one, as the SDK requires (`unregisterView` before `registerView` elsewhere).
///
/// Views and ads are held weakly. Adapters share ``shared`` unless given their own.
public final class MyTargetViewRegistry: Sendable {
    private struct Entry {
        weak var view: (any NativeAdRendering)?
        weak var owner: MyTargetNativeBannerAdapter?
    }

    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    /// The process-wide registry.
    public static let shared = MyTargetViewRegistry()

    /// Creates an empty registry.
    public init() {}

    /// The ad `view` is registered on, if any.
    public func owner(of view: any NativeAdRendering) -> MyTargetNativeBannerAdapter? {
        entries.withLock { entries in
            guard let entry = entries[ObjectIdentifier(view)], entry.view === view else { return nil }
            return entry.owner
        }
    }

    /// Records `owner` as the ad registered on `view`.
    ///
    /// - Returns: the other ad `view` was registered on, still alive, which must unregister it.
    func claim(_ view: any NativeAdRendering, for owner: MyTargetNativeBannerAdapter) -> MyTargetNativeBannerAdapter? {
        entries.withLock { entries in
            entries = entries.filter { $0.value.view != nil && $0.value.owner != nil }
            let key = ObjectIdentifier(view)
            let previous = entries[key].flatMap { $0.view === view ? $0.owner : nil }
            entries[key] = Entry(view: view, owner: owner)
            return previous === owner ? nil : previous
        }
    }

    /// Forgets that `owner` is registered on `view`; does nothing when another ad has claimed it since.
    func release(_ view: any NativeAdRendering, for owner: MyTargetNativeBannerAdapter) {
        entries.withLock { entries in
            let key = ObjectIdentifier(view)
            if let entry = entries[key], entry.view === view, entry.owner === owner {
                entries[key] = nil
            }
        }
    }
}
