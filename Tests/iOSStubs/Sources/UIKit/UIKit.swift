// Interface stub of the part of UIKit that MediationKit's UIKit files and `swift ios` snippets use: names and
// signatures as in the iOS SDK's Swift interface, no behaviour. Test-only (scripts/check-ios-glue.sh); never linked
// into an app. What it cannot prove: docs/host-integration.md, "What the iOS stubs prove".
@_exported import Foundation

// CGFloat, CGPoint, CGSize and CGRect come from Foundation on Linux, as from CoreGraphics on iOS.

@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
}

@MainActor
open class UIView: UIResponder {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    public init(frame: CGRect) { super.init() }
    public convenience override init() { self.init(frame: .zero) }
    public required init?(coder: NSCoder) { fatalError() }

    open var frame: CGRect {
        get { fatalError() }
        set {}
    }
    open var bounds: CGRect {
        get { fatalError() }
        set {}
    }
    open var isHidden: Bool {
        get { fatalError() }
        set {}
    }
    open var alpha: CGFloat {
        get { fatalError() }
        set {}
    }
    open var isUserInteractionEnabled: Bool {
        get { fatalError() }
        set {}
    }
    open var autoresizingMask: AutoresizingMask {
        get { fatalError() }
        set {}
    }
    open var backgroundColor: UIColor? {
        get { fatalError() }
        set {}
    }
    open var superview: UIView? { fatalError() }
    open var subviews: [UIView] { fatalError() }
    open var window: UIWindow? { fatalError() }
    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func setNeedsLayout() {}
    open func layoutSubviews() {}
}

@MainActor
open class UIWindow: UIView {
    open var rootViewController: UIViewController? {
        get { fatalError() }
        set {}
    }
}

@MainActor
open class UILabel: UIView {
    open var text: String? {
        get { fatalError() }
        set {}
    }
    open var numberOfLines: Int {
        get { fatalError() }
        set {}
    }
    open var textColor: UIColor! {
        get { fatalError() }
        set {}
    }
}

@MainActor
open class UIImageView: UIView {
    public init(image: UIImage?) { super.init(frame: .zero) }
    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { fatalError() }
    open var image: UIImage? {
        get { fatalError() }
        set {}
    }
}

@MainActor
open class UIControl: UIView {
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
    open var isEnabled: Bool {
        get { fatalError() }
        set {}
    }
}

@MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case close = 7
    }
    public convenience init(type buttonType: ButtonType) { self.init(frame: .zero) }
    open func setTitle(_ title: String?, for state: UIControl.State) {}
    open func setImage(_ image: UIImage?, for state: UIControl.State) {}
    open func title(for state: UIControl.State) -> String? { fatalError() }
}

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { fatalError() }
    open var view: UIView! {
        get { fatalError() }
        set {}
    }
    open func viewDidLoad() {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)
    {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

@MainActor
open class UIApplication: UIResponder {
    public typealias OpenExternalURLOptionsKey = String
    public class var shared: UIApplication { fatalError() }
    open func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}
    open func canOpenURL(_ url: URL) -> Bool { fatalError() }
}

/// `UIImage` is `Sendable` in the iOS SDK (immutable), and not isolated to the main actor.
open class UIImage: NSObject, @unchecked Sendable {
    public init?(data: Data) { fatalError() }
    public init?(data: Data, scale: CGFloat) { fatalError() }
    public init?(named name: String) { fatalError() }
    public init?(contentsOfFile path: String) { fatalError() }
    open var size: CGSize { fatalError() }
    open var scale: CGFloat { fatalError() }
    open func pngData() -> Data? { fatalError() }
    open func jpegData(compressionQuality: CGFloat) -> Data? { fatalError() }
}

open class UIColor: NSObject, @unchecked Sendable {
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { super.init() }
    public init(white: CGFloat, alpha: CGFloat) { super.init() }
    open class var black: UIColor { fatalError() }
    open class var white: UIColor { fatalError() }
    open class var clear: UIColor { fatalError() }
    open class var label: UIColor { fatalError() }
    open class var secondaryLabel: UIColor { fatalError() }
}
