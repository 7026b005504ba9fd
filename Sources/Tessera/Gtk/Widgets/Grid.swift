import CGtk

/// Children placed on a grid of rows and columns (GtkGrid).
@MainActor
public final class Grid: Container {
    public init(homogeneousColumns: Bool = false, columnSpacing: Int = 0, rowSpacing: Int = 0) {
        super.init(taking: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_column_homogeneous(raw.cast(), homogeneousColumns ? 1 : 0)
        gtk_grid_set_column_spacing(raw.cast(), guint(columnSpacing))
        gtk_grid_set_row_spacing(raw.cast(), guint(rowSpacing))
    }

    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(raw.cast(), child.widget, gint(column), gint(row), gint(width), gint(height))
    }
}
