import Foundation

/// The best this X server and GTK scroll: the same squares painted 1:1, nothing loading.
struct FeedScrollReference {
    /// The grid Tessera laid out, in logical pixels.
    var columns: Int
    var side: Double
    var spacing: Double
    var count: Int
    var speed: Double
    /// Pictures to tile with, repeated over the grid.
    var pictures: [URL]

    static let source = """
    #include <gtk/gtk.h>
    #include <math.h>
    #include <stdio.h>
    #include <stdlib.h>

    static int columns, count, npictures, scale;
    static double side, spacing, speed;
    static cairo_surface_t **pictures;
    static GtkAdjustment *adjustment;
    static GtkWidget *layout;

    /* Paints the squares in the exposed part of the grid, each from a surface already at device size. */
    static gboolean draw(GtkWidget *widget, cairo_t *cr, gpointer data) {
        if (!gtk_cairo_should_draw_window(cr, gtk_layout_get_bin_window(GTK_LAYOUT(widget)))) return FALSE;
        double top = gtk_adjustment_get_value(adjustment), bottom = top + gtk_adjustment_get_page_size(adjustment);
        double pitch = side + spacing;
        double left = floor((gtk_widget_get_allocated_width(widget) - (columns * pitch + spacing)) / 2);
        int first = (int)floor((top - spacing) / pitch), last = (int)ceil((bottom - spacing) / pitch);
        if (first < 0) first = 0;
        for (int row = first; row <= last; row++)
            for (int column = 0; column < columns; column++) {
                int index = row * columns + column;
                if (index >= count) return FALSE;
                cairo_set_source_surface(cr, pictures[index % npictures], left + spacing + column * pitch, spacing + row * pitch);
                cairo_paint(cr);
            }
        return FALSE;
    }

    /* One step a frame; prints the frame clock's time of each frame, and quits at the end. */
    static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
        printf("frame-us %lld\\n", (long long)gdk_frame_clock_get_frame_time(clock));
        double end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment);
        double value = gtk_adjustment_get_value(adjustment);
        if (value >= end - 1) { gtk_main_quit(); return G_SOURCE_REMOVE; }
        gtk_adjustment_set_value(adjustment, MIN(end, value + speed));
        return G_SOURCE_CONTINUE;
    }

    /* The scroll starts once the first frame is on screen, as Tessera's does. */
    static gboolean drawn(GtkWidget *window, cairo_t *cr, gpointer data) {
        static gboolean started;
        if (!started) gtk_widget_add_tick_callback(window, tick, NULL, NULL);
        started = TRUE;
        return FALSE;
    }

    /* Arguments: columns side spacing count speed picture... */
    int main(int argc, char **argv) {
        gtk_init(&argc, &argv);
        if (argc < 7) return 2;
        columns = atoi(argv[1]); side = atof(argv[2]); spacing = atof(argv[3]); count = atoi(argv[4]); speed = atof(argv[5]);
        npictures = argc - 6;
        GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
        gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
        gtk_widget_realize(window);
        scale = gtk_widget_get_scale_factor(window);
        int device = (int)lround(side * scale);
        pictures = calloc(npictures, sizeof *pictures);
        for (int i = 0; i < npictures; i++) {
            GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_scale(argv[6 + i], device, device, FALSE, NULL);
            if (!pixbuf) { fprintf(stderr, "could not read %s\\n", argv[6 + i]); return 1; }
            pictures[i] = gdk_cairo_surface_create_from_pixbuf(pixbuf, scale, gtk_widget_get_window(window));
            g_object_unref(pixbuf);
        }
        GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
        layout = gtk_layout_new(NULL, NULL);
        int rows = (count + columns - 1) / columns;
        gtk_layout_set_size(GTK_LAYOUT(layout), 1, (guint)ceil(spacing + rows * (side + spacing)));
        g_signal_connect(layout, "draw", G_CALLBACK(draw), NULL);
        gtk_container_add(GTK_CONTAINER(scroller), layout);
        adjustment = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(layout));
        gtk_container_add(GTK_CONTAINER(window), scroller);
        g_signal_connect_after(window, "draw", G_CALLBACK(drawn), NULL);
        gtk_widget_show_all(window);
        gtk_main();
        return 0;
    }
    """

    /// Builds, runs and returns its frame intervals.
    func run(in folder: URL) throws -> FrameIntervals {
        let binary = try CProgram.build(Self.source, named: "feed-scroll-reference", in: folder)
        let run = try runReadingOutput([binary.path, "\(columns)", "\(side)", "\(spacing)", "\(count)", "\(speed)"] + pictures.map(\.path))
        guard run.status == 0 else { throw BenchError(description: "the C reference exited \(run.status)") }
        let times = run.lines.compactMap { line in line.hasPrefix("frame-us ") ? Int64(line.dropFirst(9)) : nil }
        return FrameIntervals(frameTimes: times)
    }
}
