import Gtk

extension Box {
    /// A cell's view: `content` in a box with `styleClass`, focusable and windowless; the cell gives its role.
    @MainActor
    static func cellView(holding content: Widget, styleClass: String, expand: Bool = true) -> Box {
        let view = Box(.vertical)
        view.append(content, expand: expand)
        view.addStyleClass(styleClass)
        view.canFocus = true
        return view
    }
}
