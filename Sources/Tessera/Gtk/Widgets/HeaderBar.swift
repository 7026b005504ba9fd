import CGtk

@MainActor
public final class HeaderBar: Container {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_header_bar_new()))
        gtk_header_bar_set_show_close_button(raw.cast(), 1)
    }
    public var title: String? {
        get { gtk_header_bar_get_title(raw.cast()).map { String(cString: $0) } }
        set { gtk_header_bar_set_title(raw.cast(), newValue) }
    }
    public var subtitle: String? {
        get { gtk_header_bar_get_subtitle(raw.cast()).map { String(cString: $0) } }
        set { gtk_header_bar_set_subtitle(raw.cast(), newValue) }
    }
    public var showsCloseButton: Bool {
        get { gtk_header_bar_get_show_close_button(raw.cast()) != 0 }
        set { gtk_header_bar_set_show_close_button(raw.cast(), newValue ? 1 : 0) }
    }
    /// Its window buttons ("menu:minimize,maximize,close"); nil: the desktop's (`gtk-decoration-layout`).
    public var decorationLayout: String? {
        get { gtk_header_bar_get_decoration_layout(raw.cast()).map { String(cString: $0) } }
        set { gtk_header_bar_set_decoration_layout(raw.cast(), newValue) }
    }

    /// `layout` without the buttons named in `names` (a decoration layout's words).
    public nonisolated static func layout(_ layout: String, without names: Set<String>) -> String {
        layout.split(separator: ":", omittingEmptySubsequences: false)
            .map { $0.split(separator: ",").filter { !names.contains(String($0)) }.joined(separator: ",") }
            .joined(separator: ":")
    }

    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(raw.cast(), child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(raw.cast(), child.widget) }
}
