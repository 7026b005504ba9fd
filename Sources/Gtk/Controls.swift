import CGtk

@MainActor
public final class Label: Widget {
    public init(_ text: String = "") {
        super.init(taking: UnsafeMutableRawPointer(gtk_label_new(text)))
    }
    public var text: String {
        get { String(cString: gtk_label_get_text(raw.cast())) }
        set { gtk_label_set_text(raw.cast(), newValue) }
    }
    public var wraps: Bool {
        get { gtk_label_get_line_wrap(raw.cast()) != 0 }
        set { gtk_label_set_line_wrap(raw.cast(), newValue ? 1 : 0) }
    }
    public enum Justification: Sendable { case left, center, right }
    public func setJustification(_ value: Justification) {
        let gtk: GtkJustification = switch value {
        case .left: GTK_JUSTIFY_LEFT
        case .center: GTK_JUSTIFY_CENTER
        case .right: GTK_JUSTIFY_RIGHT
        }
        gtk_label_set_justify(raw.cast(), gtk)
    }
    /// Horizontal alignment of the text inside the label, 0 (start) to 1 (end).
    public var xalign: Double {
        get { Double(gtk_label_get_xalign(raw.cast())) }
        set { gtk_label_set_xalign(raw.cast(), Float(newValue)) }
    }
    public func setMaxWidthChars(_ chars: Int) { gtk_label_set_max_width_chars(raw.cast(), gint(chars)) }
    /// Shows at most `lines` lines (with wrapping), ending in an ellipsis; 0: one line ellipsized.
    public func ellipsize(afterLines lines: Int = 0) {
        gtk_label_set_ellipsize(raw.cast(), PANGO_ELLIPSIZE_END)
        if lines > 0 { gtk_label_set_lines(raw.cast(), gint(lines)) }
    }
    /// Selects nothing (a selectable label selects all of itself when it takes focus).
    public func clearSelection() { gtk_label_select_region(raw.cast(), 0, 0) }
    /// The selected characters' offsets, or nil when nothing is selected.
    public var selection: Range<Int>? {
        var start: gint = 0, end: gint = 0
        guard gtk_label_get_selection_bounds(raw.cast(), &start, &end) != 0, start != end else { return nil }
        return Int(min(start, end))..<Int(max(start, end))
    }
    /// Whether the text can be selected and copied.
    public var isSelectable: Bool {
        get { gtk_label_get_selectable(raw.cast()) != 0 }
        set { gtk_label_set_selectable(raw.cast(), newValue ? 1 : 0) }
    }
}

/// A busy indicator (GtkSpinner).
@MainActor
public final class Spinner: Widget {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_spinner_new()))
    }
    public var isSpinning: Bool {
        get { boolProperty("active") }
        set { newValue ? gtk_spinner_start(raw.cast()) : gtk_spinner_stop(raw.cast()) }
    }
}

@MainActor
public final class Button: Container {
    public init(label: String) {
        super.init(taking: UnsafeMutableRawPointer(gtk_button_new_with_mnemonic(label)))
    }
    /// A button around any widget (a picture tile, an icon with a caption).
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_button_new()))
        add(child)
    }
    /// An icon-only button; `accessibleName` names it for screen readers and the tooltip.
    public init(iconName: String, accessibleName: String) {
        super.init(taking: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)))
        self.accessibleName = accessibleName
        self.tooltip = accessibleName
    }
    public var label: String? {
        get { gtk_button_get_label(raw.cast()).map { String(cString: $0) } }
        set { gtk_button_set_label(raw.cast(), newValue) }
    }
    /// Emits "clicked", as a mouse click or keyboard activation would.
    public func click() { gtk_button_clicked(raw.cast()) }
    /// Shows a themed icon instead of what the button showed (play ↔ pause).
    public func setIcon(_ iconName: String) {
        gtk_button_set_image(raw.cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
    }
    @discardableResult
    public func onClicked(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", shape: .plain) { _ in body(); return false }
    }
    /// Sets the action this button activates, e.g. "win.back".
    public var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(raw)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(OpaquePointer(raw), newValue) }
    }
}

/// A button that opens a menu model in a popover.
@MainActor
public final class MenuButton: Container {
    private let menu: MenuModel
    public init(iconName: String, accessibleName: String, menu: MenuModel) {
        self.menu = menu
        super.init(taking: UnsafeMutableRawPointer(gtk_menu_button_new()))
        let image = gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(raw.cast(), image)
        gtk_menu_button_set_use_popover(raw.cast(), 1)
        gtk_menu_button_set_menu_model(raw.cast(), menu.menuModel)
        self.accessibleName = accessibleName
        self.tooltip = accessibleName
    }
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(raw.cast()) != 0 }
        set { gtk_toggle_button_set_active(raw.cast(), newValue ? 1 : 0) }
    }
}

/// A named icon from the theme.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int) {
        super.init(taking: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_DIALOG)))
        gtk_image_set_pixel_size(raw.cast(), gint(pixelSize))
    }
}

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
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(raw.cast(), child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(raw.cast(), child.widget) }
}

/// A horizontal slider (GtkScale), for seeking.
@MainActor
public final class Scale: Widget {
    private var settingValue = false

    public init(minimum: Double = 0, maximum: Double = 1, step: Double = 0.1) {
        super.init(taking: UnsafeMutableRawPointer(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step)))
        gtk_scale_set_draw_value(raw.cast(), 0)
    }

    public var value: Double {
        get { gtk_range_get_value(raw.cast()) }
        set {
            settingValue = true
            gtk_range_set_value(raw.cast(), newValue)
            settingValue = false
        }
    }

    public func setRange(minimum: Double, maximum: Double) {
        gtk_range_set_range(raw.cast(), minimum, maximum)
    }

    /// Called when the user moves the slider (not when `value` is set from code).
    @discardableResult
    public func onUserChange(_ body: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        connect("value-changed", shape: .plain) { [weak self] _ in
            guard let self, !self.settingValue else { return false }
            body(self.value)
            return false
        }
    }
}
