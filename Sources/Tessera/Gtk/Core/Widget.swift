import CGtk

/// Any GtkWidget. Subclasses add what their widget type offers.
@MainActor
open class Widget: Object {
    var widget: UnsafeMutablePointer<GtkWidget> { raw.cast() }
    /// The GtkWidget, for `SimulatedInput` alone, which opts in with `@_spi(SimulatedInput) import Gtk`.
    @_spi(SimulatedInput) public var gtkWidget: UnsafeMutablePointer<GtkWidget> { widget }

    public func show() { gtk_widget_show(widget) }
    public func showAll() { gtk_widget_show_all(widget) }
    public func hide() { gtk_widget_hide(widget) }
    /// Leaves its parent and disposes its handlers; the wrapper stays valid until released.
    public func destroy() { gtk_widget_destroy(widget) }

    public var isVisible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }
    /// `showAll()` on an ancestor leaves this widget as it is: for parts whose visibility follows state.
    public var keepsOwnVisibility: Bool {
        get { gtk_widget_get_no_show_all(widget) != 0 }
        set { gtk_widget_set_no_show_all(widget, newValue ? 1 : 0) }
    }
    public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }
    /// Its window is minimized, withdrawn or absent (Wayland tells GTK 3 neither, it stops frames).
    public var isInWindowOutOfSight: Bool {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0,
              let surface = gtk_widget_get_window(toplevel) else { return true }
        let state = gdk_window_get_state(surface).rawValue
        return state & (GDK_WINDOW_STATE_ICONIFIED.rawValue | GDK_WINDOW_STATE_WITHDRAWN.rawValue) != 0
    }
    public var isRealized: Bool { gtk_widget_get_realized(widget) != 0 }
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }
    public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }
    /// Whether this is the focus widget of its window (true even while the window is inactive).
    public var isFocusWidget: Bool { gtk_widget_is_focus(widget) != 0 }
    public func grabFocus() { gtk_widget_grab_focus(widget) }
    /// Focuses as Tab (Shift+Tab: `forward: false`) would, into links too; false when it takes none.
    @discardableResult
    public func takeFocus(forward: Bool = true) -> Bool {
        gtk_widget_child_focus(widget, forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD) != 0
    }

    /// Moves focus on as Tab (or Shift+Tab) does, round to the first after the last.
    public func moveFocusOnward(forward: Bool = true) {
        guard let top = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(top) != 0 else { return }
        let direction = forward ? GTK_DIR_TAB_FORWARD : GTK_DIR_TAB_BACKWARD
        gtk_widget_grab_focus(widget)
        guard gtk_widget_child_focus(top, direction) == 0 else { return }
        gtk_window_set_focus(UnsafeMutableRawPointer(top).assumingMemoryBound(to: GtkWindow.self), nil)
        gtk_widget_child_focus(top, direction)
    }
    /// Whether the keyboard focus of this widget's window is this widget or inside it.
    public var containsFocus: Bool {
        let toplevel = gtk_widget_get_toplevel(widget)
        guard let toplevel, tessera_is_a(toplevel, gtk_window_get_type()) != 0,
              let focus = gtk_window_get_focus(UnsafeMutableRawPointer(toplevel).assumingMemoryBound(to: GtkWindow.self)) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
    }
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widget) != 0 }
        set { gtk_widget_set_can_focus(widget, newValue ? 1 : 0) }
    }

    public var name: String {
        get { String(cString: gtk_widget_get_name(widget)) }
        set { gtk_widget_set_name(widget, newValue) }
    }
    public var tooltip: String? {
        get {
            guard let text = gtk_widget_get_tooltip_text(widget) else { return nil }
            defer { g_free(text) }
            return String(cString: text)
        }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }
    public var opacity: Double {
        get { gtk_widget_get_opacity(widget) }
        set { gtk_widget_set_opacity(widget, newValue) }
    }

    // MARK: Layout

    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(widget) != 0 }
        set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
    }
    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(widget) != 0 }
        set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
    }
    public var halign: Align {
        get { Align(gtk_widget_get_halign(widget)) }
        set { gtk_widget_set_halign(widget, newValue.gtk) }
    }
    public var valign: Align {
        get { Align(gtk_widget_get_valign(widget)) }
        set { gtk_widget_set_valign(widget, newValue.gtk) }
    }
    /// Lays its own children out from the right; they keep the default direction.
    public var packsFromRight: Bool {
        get { gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL }
        set { gtk_widget_set_direction(widget, newValue ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) }
    }
    public func setMargins(_ all: Int) { setMargins(top: all, bottom: all, start: all, end: all) }
    public func setMargins(top: Int, bottom: Int, start: Int, end: Int) {
        gtk_widget_set_margin_top(widget, gint(top))
        gtk_widget_set_margin_bottom(widget, gint(bottom))
        gtk_widget_set_margin_start(widget, gint(start))
        gtk_widget_set_margin_end(widget, gint(end))
    }
    /// The height the widget asks for at `width` (its natural height; labels wrap to fit).
    public func preferredHeight(forWidth width: Int) -> Int {
        var minimum: gint = 0, natural: gint = 0
        gtk_widget_get_preferred_height_for_width(widget, gint(width), &minimum, &natural)
        return Int(max(minimum, natural))
    }

    public func setSizeRequest(width: Int, height: Int) {
        gtk_widget_set_size_request(widget, gint(width), gint(height))
    }
    /// The least height the widget needs at `width`.
    public func minimumHeight(forWidth width: Int) -> Int {
        var height: gint = 0
        gtk_widget_get_preferred_height_for_width(widget, gint(width), &height, nil)
        return Int(height)
    }
    /// The widget's allocation in its parent's coordinates (GTK 3 semantics).
    public var allocation: Rect {
        var rect = GtkAllocation()
        gtk_widget_get_allocation(widget, &rect)
        return Rect(x: Int(rect.x), y: Int(rect.y), width: Int(rect.width), height: Int(rect.height))
    }
    /// Any of it is in its scrolled window's visible part (a grid child out of view is mapped, undrawn).
    public var isInView: Bool {
        guard isMapped else { return false }
        guard let scroller = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()) else { return true }
        var x: gint = 0, y: gint = 0
        guard gtk_widget_translate_coordinates(widget, scroller, 0, 0, &x, &y) != 0 else { return false }
        let width = gtk_widget_get_allocated_width(widget), height = gtk_widget_get_allocated_height(widget)
        return x < gtk_widget_get_allocated_width(scroller) && y < gtk_widget_get_allocated_height(scroller)
            && x + width > 0 && y + height > 0
    }

    public func origin(in other: Widget) -> (x: Int, y: Int)? {
        var x: gint = 0, y: gint = 0
        guard gtk_widget_translate_coordinates(widget, other.widget, 0, 0, &x, &y) != 0 else { return nil }
        return (Int(x), Int(y))
    }
    public func queueDraw() { gtk_widget_queue_draw(widget) }
    /// Device pixels per logical pixel (1 before it is realized); GTK says `notify::scale-factor`.
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widget)) }
    /// The CSS border and padding, left and right together and top and bottom together, in logical pixels.
    public var borderAndPadding: (across: Int, down: Int) {
        let style = gtk_widget_get_style_context(widget)
        let state = gtk_style_context_get_state(style)
        var border = GtkBorder(), padding = GtkBorder()
        gtk_style_context_get_border(style, state, &border)
        gtk_style_context_get_padding(style, state, &padding)
        return (Int(border.left + border.right + padding.left + padding.right),
                Int(border.top + border.bottom + padding.top + padding.bottom))
    }
    /// Calls `body` when the widget's window moves to a screen of another scale.
    @discardableResult
    public func onScaleFactorChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("scale-factor", body)
    }
    /// The pointer as it is now in this widget's coordinates, also during a drag; nil before realized.
    public var pointerPosition: (x: Int, y: Int)? {
        guard let window = gtk_widget_get_window(widget), let display = gdk_window_get_display(window),
              let seat = gdk_display_get_default_seat(display), let pointer = gdk_seat_get_pointer(seat) else { return nil }
        var x: gint = 0, y: gint = 0
        gdk_window_get_device_position(window, pointer, &x, &y, nil)
        if gtk_widget_get_has_window(widget) == 0 {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(widget, &allocation)
            x -= allocation.x
            y -= allocation.y
        }
        return (Int(x), Int(y))
    }
    /// This widget's origin on the screen (root window coordinates), for synthesised pointer input.
    public var screenOrigin: (x: Int, y: Int)? {
        guard let toplevel = gtk_widget_get_toplevel(widget), let window = gtk_widget_get_window(toplevel) else { return nil }
        var originX: gint = 0, originY: gint = 0, x: gint = 0, y: gint = 0
        gdk_window_get_origin(window, &originX, &originY)
        guard gtk_widget_translate_coordinates(widget, toplevel, 0, 0, &x, &y) != 0 else { return nil }
        return (Int(originX + x), Int(originY + y))
    }

    // MARK: Style

    public func addStyleClass(_ name: String) {
        gtk_style_context_add_class(gtk_widget_get_style_context(widget), name)
    }
    public func removeStyleClass(_ name: String) {
        gtk_style_context_remove_class(gtk_widget_get_style_context(widget), name)
    }
    public func hasStyleClass(_ name: String) -> Bool {
        gtk_style_context_has_class(gtk_widget_get_style_context(widget), name) != 0
    }

    // MARK: Accessibility (ATK, which the AT-SPI bridge exposes to screen readers)

    private var accessible: UnsafeMutablePointer<AtkObject> { gtk_widget_get_accessible(widget) }
    public var accessibleName: String {
        get { atk_object_get_name(accessible).map { String(cString: $0) } ?? "" }
        set { atk_object_set_name(accessible, newValue) }
    }
    /// What a screen reader says after the name (an entry's problem, a row's explanation).
    public var accessibleDescription: String {
        get { atk_object_get_description(accessible).map { String(cString: $0) } ?? "" }
        set { atk_object_set_description(accessible, newValue) }
    }
    /// The ATK role's name as AT-SPI reports it ("frame", "push button", "label", …).
    public var accessibleRole: String {
        String(cString: atk_role_get_name(atk_object_get_role(accessible)))
    }
    /// How many characters a screen reader finds in the widget's text (ATK's text interface); nil for none.
    public var accessibleTextLength: Int? {
        guard tessera_is_a(accessible, atk_text_get_type()) != 0 else { return nil }
        return Int(atk_text_get_character_count(OpaquePointer(accessible)))
    }
    /// The runs of the text where a screen reader hears `attribute` (ATK's name, such as
    /// "underline"), by character range, with its value.
    public func accessibleTextRuns(of attribute: String) -> [(range: Range<Int>, value: String)] {
        guard let count = accessibleTextLength else { return [] }
        let text = OpaquePointer(accessible)
        var runs: [(range: Range<Int>, value: String)] = []
        var offset: gint = 0
        while offset < count {
            var start: gint = 0, end: gint = 0
            let attributes = atk_text_get_run_attributes(text, offset, &start, &end)
            var node = attributes
            while let current = node {
                let pair = current.pointee.data.assumingMemoryBound(to: AtkAttribute.self).pointee
                if String(cString: pair.name) == attribute { runs.append((Int(start)..<Int(end), String(cString: pair.value))) }
                node = current.pointee.next
            }
            atk_attribute_set_free(attributes)
            offset = max(end, offset + 1)
        }
        return runs
    }
    public func announceAsButton() { atk_object_set_role(accessible, ATK_ROLE_PUSH_BUTTON) }
    /// Tells assistive technologies this widget is a list (of widgets announced as its items).
    public func announceAsList() { atk_object_set_role(accessible, ATK_ROLE_LIST) }
    /// Tells assistive technologies this widget is an item of a list.
    public func announceAsListItem() { atk_object_set_role(accessible, ATK_ROLE_LIST_ITEM) }

    // MARK: Signals

    @discardableResult
    public func onDestroy(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("destroy", shape: .plain) { _ in body(); return false }
    }
    @discardableResult
    public func onMap(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("map", shape: .plain) { _ in body(); return false }
    }
    @discardableResult
    public func onUnmap(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("unmap", shape: .plain) { _ in body(); return false }
    }
    /// Calls `body` once, after the next time the widget draws itself, then lets the handler go.
    public func onNextDraw(_ body: @escaping @MainActor () -> Void) {
        var connection: SignalConnection?
        connection = onDrawn { [weak self] in
            guard let self, let current = connection else { return }
            connection = nil
            self.disconnect(current)
            body()
        }
    }

    /// Called after the widget has drawn itself (the `draw` signal, connected after the default).
    @discardableResult
    public func onDrawn(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("draw", after: true, shape: .pointerReturningBool) { _ in body(); return false }
    }
    @discardableResult
    public func onSizeAllocate(_ body: @escaping @MainActor (Rect) -> Void) -> SignalConnection {
        connect("size-allocate", shape: .pointer) { pointer in
            let rect: UnsafeMutablePointer<GdkRectangle> = pointer!.cast()
            body(Rect(x: Int(rect.pointee.x), y: Int(rect.pointee.y),
                      width: Int(rect.pointee.width), height: Int(rect.pointee.height)))
            return false
        }
    }
    /// The widget took the keyboard focus.
    @discardableResult
    public func onFocusIn(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("focus-in-event", shape: .pointerReturningBool) { _ in
            body()
            return false
        }
    }
    /// The widget lost the keyboard focus.
    @discardableResult
    public func onFocusOut(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("focus-out-event", shape: .pointerReturningBool) { _ in
            body()
            return false
        }
    }
    /// Key presses; return true to stop the event.
    @discardableResult
    public func onKeyPress(_ body: @escaping @MainActor (KeyEvent) -> Bool) -> SignalConnection {
        connect("key-press-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventKey> = pointer!.cast()
            return body(KeyEvent(event.pointee))
        }
    }
    /// The pointer moving over the widget's window, at (x, y) in its coordinates.
    @discardableResult
    public func onPointerMotion(_ body: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalConnection {
        gtk_widget_add_events(widget, gint(GDK_POINTER_MOTION_MASK.rawValue))
        return connect("motion-notify-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventMotion> = pointer!.cast()
            body(event.pointee.x, event.pointee.y)
            return false
        }
    }
    /// The pointer leaving the widget's window.
    @discardableResult
    public func onPointerLeave(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        gtk_widget_add_events(widget, gint(GDK_LEAVE_NOTIFY_MASK.rawValue))
        return connect("leave-notify-event", shape: .pointerReturningBool) { _ in body(); return false }
    }
    /// Shows as under the pointer (CSS `:hover`): told by a parent that hit-tests for windowless widgets.
    public var isHovered: Bool {
        get { gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0 }
        set {
            if newValue { gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_PRELIGHT, 0) }
            else { gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_PRELIGHT) }
        }
    }
    /// Shows as selected (CSS `:selected`): a windowless item whose parent draws the selection is told.
    public var showsSelected: Bool {
        get { gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0 }
        set {
            if newValue { gtk_widget_set_state_flags(widget, GTK_STATE_FLAG_SELECTED, 0) }
            else { gtk_widget_unset_state_flags(widget, GTK_STATE_FLAG_SELECTED) }
        }
    }
    /// Mouse button releases; return true to stop the event.
    @discardableResult
    public func onButtonRelease(_ body: @escaping @MainActor (ButtonEvent) -> Bool) -> SignalConnection {
        gtk_widget_add_events(widget, gint(GDK_BUTTON_RELEASE_MASK.rawValue))
        return connect("button-release-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventButton> = pointer!.cast()
            return body(ButtonEvent(event.pointee))
        }
    }
    /// Mouse button presses; return true to stop the event.
    @discardableResult
    public func onButtonPress(_ body: @escaping @MainActor (ButtonEvent) -> Bool) -> SignalConnection {
        gtk_widget_add_events(widget, gint(GDK_BUTTON_PRESS_MASK.rawValue))
        return connect("button-press-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventButton> = pointer!.cast()
            return body(ButtonEvent(event.pointee))
        }
    }
}
