import Gtk

extension Box {
    /// The view of a recycling grid's cell: `content` in a vertical box with `styleClass`,
    /// focusable, windowless (the grid hit-tests it, see `RecyclingCell`) and shown. The cell
    /// gives it its accessible role.
    @MainActor
    static func cellView(holding content: Widget, styleClass: String, expand: Bool = true) -> Box {
        let view = Box(.vertical)
        view.append(content, expand: expand)
        view.addStyleClass(styleClass)
        view.canFocus = true
        return view
    }
}
