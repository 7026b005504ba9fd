import CGtk
import CHandy

/// HdyAvatar: a round avatar showing the initials of `text` on a colour picked from it, made for light and dark.
@MainActor
public final class Avatar: Widget {
    public init(size: Int, text: String = "") {
        super.init(taking: UnsafeMutableRawPointer(hdy_avatar_new(gint(size), text, 1)))
    }

    public var text: String {
        get { hdy_avatar_get_text(OpaquePointer(raw)).map { String(cString: $0) } ?? "" }
        set { hdy_avatar_set_text(OpaquePointer(raw), newValue) }
    }
}
