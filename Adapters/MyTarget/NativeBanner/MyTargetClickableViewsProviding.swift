/// A rendering surface that names the sub-views that take clicks, for
/// `registerView:withController:withClickableViews:`.
///
/// Surfaces that do not conform are registered whole: every tap on them is a click. A conforming surface
/// that returns an empty list is registered whole too.
@MainActor
public protocol MyTargetClickableViewsProviding: AnyObject {
    /// The sub-views that take clicks, such as the title label and the call-to-action button.
    var myTargetClickableViews: [AnyObject] { get }
}
