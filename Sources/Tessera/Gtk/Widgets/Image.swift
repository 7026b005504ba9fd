import CGtk

/// A named icon from the theme.
@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int) {
        super.init(taking: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_DIALOG)))
        gtk_image_set_pixel_size(raw.cast(), gint(pixelSize))
    }

    /// Shows another named icon at the same pixel size.
    public func setIconName(_ iconName: String) {
        gtk_image_set_from_icon_name(raw.cast(), iconName, GTK_ICON_SIZE_DIALOG)
    }
}
