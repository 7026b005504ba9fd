import CGtk

/// A stack of named pages, one visible at a time, switched with a transition.
@MainActor
public final class Stack: Container {
    public enum Transition: Sendable {
        case none, crossfade, slideLeft, slideRight, slideLeftRight, slideUpDown
        var gtk: GtkStackTransitionType {
            switch self {
            case .none: GTK_STACK_TRANSITION_TYPE_NONE
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
            case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
            case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
            case .slideUpDown: GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN
            }
        }
    }

    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_stack_new()))
        gtk_stack_set_transition_duration(raw.cast(), 200)
        gtk_stack_set_interpolate_size(raw.cast(), 0)
    }
    public func addNamed(_ child: Widget, name: String, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(raw.cast(), child.widget, name, title)
        } else {
            gtk_stack_add_named(raw.cast(), child.widget, name)
        }
    }
    public var visibleChildName: String? {
        gtk_stack_get_visible_child_name(raw.cast()).map { String(cString: $0) }
    }
    public func setVisibleChild(named name: String, transition: Transition) {
        gtk_stack_set_visible_child_full(raw.cast(), name, transition.gtk)
    }
    public var transitionRunning: Bool { gtk_stack_get_transition_running(raw.cast()) != 0 }
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(raw.cast())) }
        set { gtk_stack_set_transition_duration(raw.cast(), guint(newValue)) }
    }
}
