/// An AdChoices menu the host draws (`MTRGMenu`): the SDK adds its entries, then presents it.
///
/// Rules for conformers: keep the entries in the order added; when the user taps one, call its
/// ``MyTargetMenuAction/handleClick()``.
public protocol MyTargetMenu: AnyObject, Sendable {
    /// Adds an entry (`addMenuAction:`).
    func addMenuAction(_ action: MyTargetMenuAction)
    /// Shows the menu (`presentInViewController:sourceView:`); `sourceView` anchors an iPad popover.
    func present(in viewController: AnyObject?, sourceView: AnyObject?)
}

/// Makes the host's AdChoices menus (`MTRGMenuFactory`), given to the SDK when an ad or loader is created.
/// Without one the SDK shows its own action sheet.
public protocol MyTargetMenuFactory: Sendable {
    /// A new, empty menu (`menu`).
    func makeMenu() -> any MyTargetMenu
}
