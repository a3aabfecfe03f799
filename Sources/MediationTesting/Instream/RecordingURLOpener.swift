import Foundation
import MediationCore
import MediationSupport

/// A URL opener that records every URL and reports as a real one would: in the app (modal shown, then dismissed)
/// or by leaving the application.
public final class RecordingURLOpener: InstreamURLOpening {
    /// How opening behaves.
    public enum Behavior: Sendable {
        /// Shows the URL inside the app and dismisses it at once.
        case presentsModal
        /// Leaves the application.
        case leavesApplication
    }

    private let behavior: Behavior
    private let opened = Locked<[URL]>([])

    /// Creates an opener.
    public init(behavior: Behavior = .presentsModal) {
        self.behavior = behavior
    }

    /// Every URL opened so far, in order.
    public var openedURLs: [URL] { opened.current }

    /// Records `url` and reports to `observer`.
    public func open(_ url: URL, observer: any InstreamURLOpeningObserver) {
        opened.withLock { $0.append(url) }
        switch behavior {
        case .presentsModal:
            observer.willPresentModal()
            observer.didDismissModal()
        case .leavesApplication:
            observer.willLeaveApplication()
        }
    }
}
