// Interface stub of the part of WebKit that `swift ios` snippets use (the mediation inspector shown in a web
// view): names and signatures as in the iOS SDK's Swift interface, no behaviour. Test-only
// (scripts/check-ios-glue.py); never linked into an app.
@_exported import UIKit

@MainActor
open class WKWebViewConfiguration: NSObject {
    public override init() { super.init() }
}

@MainActor
open class WKNavigation: NSObject {}

@MainActor
open class WKWebView: UIView {
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { fatalError() }
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { fatalError() }
}
