import CGtk
import CHandy

/// HdyClamp without gradual tightening: its child at most `maximumWidth` wide, centred, as rows can compute.
@MainActor
public final class Clamp: Widget {
    public static let listWidth = 600

    public init(_ child: Widget, maximumWidth: Int = Clamp.listWidth) {
        super.init(taking: UnsafeMutableRawPointer(hdy_clamp_new()))
        hdy_clamp_set_maximum_size(OpaquePointer(raw), gint(maximumWidth))
        hdy_clamp_set_tightening_threshold(OpaquePointer(raw), gint(maximumWidth))
        gtk_container_add(raw.cast(), child.raw.cast())
    }
}
