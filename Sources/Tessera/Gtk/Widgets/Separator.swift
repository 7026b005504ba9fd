import CGtk

@MainActor
public final class Separator: Widget {
    public init(_ orientation: Orientation) {
        super.init(taking: UnsafeMutableRawPointer(gtk_separator_new(orientation.gtk)))
    }
}
