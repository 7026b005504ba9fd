import CGtk

/// Shows or hides its child with a slide or fade (GtkRevealer).
@MainActor
public final class Revealer: Container {
    public enum Transition: Sendable { case slideUp, slideDown, crossfade }
    public init(child: Widget, transition: Transition, duration: Int = 250) {
        super.init(taking: UnsafeMutableRawPointer(gtk_revealer_new()))
        let gtk: GtkRevealerTransitionType = switch transition {
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        }
        gtk_revealer_set_transition_type(raw.cast(), gtk)
        gtk_revealer_set_transition_duration(raw.cast(), guint(duration))
        add(child)
    }
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(raw.cast()) != 0 }
        set { gtk_revealer_set_reveal_child(raw.cast(), newValue ? 1 : 0) }
    }
    /// How long a transition takes, in milliseconds.
    public var transitionDuration: Int {
        get { Int(gtk_revealer_get_transition_duration(raw.cast())) }
        set { gtk_revealer_set_transition_duration(raw.cast(), guint(newValue)) }
    }
    /// The child is fully shown (the transition has ended).
    public var isChildRevealed: Bool { gtk_revealer_get_child_revealed(raw.cast()) != 0 }
}
