import CGtk

/// A group of actions attached to a widget, reachable as "<prefix>.<name>" from the widget and
/// everything inside it (menus popped up over it included).
@MainActor
public final class ActionGroup: Object {
    private var actions: [Action] = []
    public init() { super.init(adopting: UnsafeMutableRawPointer(g_simple_action_group_new())) }
    public func add(_ action: Action) {
        actions.append(action)
        g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw))
    }
}

extension Widget {
    public func insertActionGroup(_ group: ActionGroup, prefix: String) {
        gtk_widget_insert_action_group(widget, prefix, OpaquePointer(group.raw))
    }

    /// The Menu key and Shift+F10 (GTK's "popup-menu" keybinding); return true when a menu opened.
    @discardableResult
    public func onPopupMenu(_ body: @escaping @MainActor () -> Bool) -> SignalConnection {
        connect("popup-menu", shape: .plain) { _ in body() }
    }
}

/// A context menu built from a menu model, popped up over a widget.
@MainActor
public final class ContextMenu: Container {
    private let model: MenuModel

    public init(model: MenuModel) {
        self.model = model
        super.init(taking: UnsafeMutableRawPointer(gtk_menu_new_from_model(model.menuModel)))
    }

    /// Opens the menu over `widget`, below its centre.
    public func popup(over widget: Widget) {
        gtk_menu_attach_to_widget(raw.cast(), widget.widget, nil)
        gtk_menu_popup_at_widget(raw.cast(), widget.widget, GDK_GRAVITY_CENTER, GDK_GRAVITY_NORTH_WEST, nil)
    }

    public func close() { gtk_menu_popdown(raw.cast()) }

    /// The items' labels as shown (mnemonic underscores removed).
    public var itemLabels: [String] { items().map(\.label) }

    /// Activates the item labelled `label` the way a click or Enter on it does: the menu closes,
    /// then the item's action runs.
    @discardableResult
    public func activateItem(_ label: String) -> Bool {
        guard let item = items().first(where: { $0.label == label }) else { return false }
        gtk_menu_shell_activate_item(raw.cast(), UnsafeMutableRawPointer(item.pointer).cast(), 1)
        return true
    }

    private func items() -> [(label: String, pointer: UnsafeMutablePointer<GtkMenuItem>)] {
        consumeList(gtk_container_get_children(container)).compactMap { child in
            let item: UnsafeMutablePointer<GtkMenuItem> = child.cast()
            guard let label = gtk_menu_item_get_label(item) else { return nil }
            return (String(cString: label).replacingOccurrences(of: "_", with: ""), item)
        }
    }
}

/// A long press (touch, or a held mouse button). GTK 3 gestures are not owned by their widget:
/// this wrapper keeps the gesture alive for as long as it lives.
@MainActor
public final class LongPressGesture: Object {
    public init(on widget: Widget) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_long_press_new(widget.widget)))
        gtk_gesture_single_set_touch_only(OpaquePointer(raw), 0)
    }
    @discardableResult
    public func onPressed(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("pressed", shape: .pointerPointer) { _ in body(); return false }
    }
    /// Called with where the press is held, in the widget's coordinates.
    @discardableResult
    public func onPressed(_ body: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalConnection {
        connect("pressed", shape: .doubleDouble) { pointer in
            guard let values = pointer?.assumingMemoryBound(to: (Double, Double).self).pointee else { return false }
            body(values.0, values.1)
            return false
        }
    }
}

/// A swipe (touch, or a mouse drag released while moving); keep it alive as long as its widget.
@MainActor
public final class SwipeGesture: Object {
    public init(on widget: Widget) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_swipe_new(widget.widget)))
        gtk_gesture_single_set_touch_only(OpaquePointer(raw), 0)
    }
    /// Called with the velocity, in pixels per second, when a swipe ends.
    @discardableResult
    public func onSwipe(_ body: @escaping @MainActor (_ velocityX: Double, _ velocityY: Double) -> Void) -> SignalConnection {
        connect("swipe", shape: .doubleDouble) { pointer in
            guard let values = pointer?.assumingMemoryBound(to: (Double, Double).self).pointee else { return false }
            body(values.0, values.1)
            return false
        }
    }
}
