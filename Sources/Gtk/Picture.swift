import CGtk

/// Something that holds a decoded GdkPixbuf (the image pipeline's images).
public protocol PixbufSource: AnyObject, Sendable {
    /// A GdkPixbuf the source keeps alive for as long as it exists.
    var pixbufPointer: OpaquePointer { get }
}

/// A GtkImage showing either a decoded bitmap or a themed icon (placeholder, broken image).
@MainActor
public final class Picture: Widget {
    /// What the picture shows now, for tests and accessibility.
    public enum Content: Equatable, Sendable {
        case empty
        case icon(String)
        case image(width: Int, height: Int)
    }

    public private(set) var content: Content = .empty
    /// Keeps the shown bitmap's owner alive while GTK shows it (GTK also holds a reference).
    private var source: (any PixbufSource)?
    private let iconSize: Int

    public init(iconSize: Int = 48) {
        self.iconSize = iconSize
        super.init(taking: UnsafeMutableRawPointer(gtk_image_new()))
    }

    public func show(_ image: any PixbufSource) {
        source = image
        let pixbuf = image.pixbufPointer
        gtk_image_set_from_pixbuf(raw.cast(), pixbuf)
        content = .image(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)))
    }

    public func showIcon(_ name: String) {
        source = nil
        gtk_image_set_from_icon_name(raw.cast(), name, GTK_ICON_SIZE_DIALOG)
        gtk_image_set_pixel_size(raw.cast(), gint(iconSize))
        content = .icon(name)
    }
}
