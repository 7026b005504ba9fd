import CGtk

/// How far something has come, as a bar (GtkProgressBar): a screen reader reads its value.
@MainActor
public final class ProgressBar: Widget {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_progress_bar_new()))
    }

    /// From 0 to 1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(raw.cast()) }
        set { gtk_progress_bar_set_fraction(raw.cast(), min(max(newValue, 0), 1)) }
    }

    /// Moves the bar's block a step, for progress whose whole is not known.
    public func pulse() {
        gtk_progress_bar_pulse(raw.cast())
    }
}
