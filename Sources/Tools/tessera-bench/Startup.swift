import ArgumentParser
import Foundation
import Persistence

/// Exec to first frame for Tessera and three C references (window, GtkApplication, with our shell).
struct Startup: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Exec to first drawn frame: tessera vs a minimal C GTK 3 window.")

    @Option(help: "Runs of each program.")
    var runs = 10
    @Flag(help: "Sections reopening where they were left, against the same sections at their start.")
    var restored = false

    /// GTK and `report_resident()`, printing "rss-kb N" as Tessera does.
    static let reportingPrelude = """
    #include <gtk/gtk.h>
    #include <stdio.h>
    #include <time.h>
    #include <unistd.h>
    static void report_resident(void) {
        long size = 0, resident = 0;
        FILE *statm = fopen("/proc/self/statm", "r");
        if (statm && fscanf(statm, "%ld %ld", &size, &resident) == 2)
            printf("rss-kb %ld\\n", resident * sysconf(_SC_PAGESIZE) / 1024);
        if (statm) fclose(statm);
    }
    """

    /// The smallest GTK 3 window, reporting its first draw as Tessera does.
    static let baselineSource = """
    \(reportingPrelude)
    static gboolean drawn(GtkWidget *w, cairo_t *cr, gpointer data) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        report_resident();
        printf("first-frame-ns %lld\\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
        fflush(stdout);
        gtk_main_quit();
        return FALSE;
    }
    int main(int argc, char **argv) {
        gtk_init(&argc, &argv);
        GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
        gtk_window_set_title(GTK_WINDOW(window), "Baseline");
        gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
        g_signal_connect_after(window, "draw", G_CALLBACK(drawn), NULL);
        gtk_widget_show_all(window);
        gtk_main();
        return 0;
    }
    """

    /// A minimal GtkApplication and, with TESSERA_SHELL, our shell in plain GTK; both report milestones.
    static let applicationBaselineSource = """
    \(reportingPrelude)
    static void mark(const char *name) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        printf("milestone-ns %s %lld\\n", name, (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    }
    static gboolean drawn(GtkWidget *w, cairo_t *cr, gpointer app) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        report_resident();
        printf("first-frame-ns %lld\\n", (long long)now.tv_sec * 1000000000LL + now.tv_nsec);
        fflush(stdout);
        g_application_quit(G_APPLICATION(app));
        return FALSE;
    }
    static void startup(GtkApplication *app, gpointer data) { mark("gtk-started"); }
    #ifdef TESSERA_SHELL
    static GtkWidget *header_bar(void) {
        GtkWidget *header = gtk_header_bar_new();
        gtk_header_bar_set_title(GTK_HEADER_BAR(header), "Tessera");
        gtk_header_bar_set_subtitle(GTK_HEADER_BAR(header), "Gallery");
        gtk_header_bar_set_show_close_button(GTK_HEADER_BAR(header), TRUE);
        gtk_header_bar_pack_start(GTK_HEADER_BAR(header), gtk_button_new_from_icon_name("go-previous-symbolic", GTK_ICON_SIZE_BUTTON));
        gtk_header_bar_pack_end(GTK_HEADER_BAR(header), gtk_menu_button_new());
        gtk_header_bar_pack_end(GTK_HEADER_BAR(header), gtk_button_new_from_icon_name("view-refresh-symbolic", GTK_ICON_SIZE_BUTTON));
        return header;
    }
    static GtkWidget *sidebar(void) {
        const char *names[] = {"Gallery", "Feed", "People", "Messages", "Facts"};
        const char *icons[] = {"view-grid-symbolic", "image-x-generic-symbolic", "system-users-symbolic",
                               "mail-unread-symbolic", "dialog-information-symbolic"};
        GtkWidget *list = gtk_list_box_new();
        for (int i = 0; i < 5; i++) {
            GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
            gtk_box_pack_start(GTK_BOX(row), gtk_image_new_from_icon_name(icons[i], GTK_ICON_SIZE_MENU), FALSE, FALSE, 0);
            gtk_box_pack_start(GTK_BOX(row), gtk_label_new(names[i]), TRUE, TRUE, 0);
            gtk_container_add(GTK_CONTAINER(list), row);
        }
        GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
        gtk_container_add(GTK_CONTAINER(scroller), list);
        gtk_widget_set_size_request(scroller, 190, -1);
        return scroller;
    }
    #endif
    #ifdef TESSERA_GALLERY
    static const char *media_folder;
    /// A picture of the folder decoded to cover a square of `side` pixels, centred, as a tile shows it.
    static GtkWidget *tile(const char *name, int side) {
        char path[4096];
        int width = 0, height = 0;
        snprintf(path, sizeof path, "%s/%s", media_folder, name);
        if (!gdk_pixbuf_get_file_info(path, &width, &height) || width <= 0 || height <= 0) return gtk_image_new();
        int scaled_width = width >= height ? side * width / height : side, scaled_height = width >= height ? side : side * height / width;
        GdkPixbuf *loaded = gdk_pixbuf_new_from_file_at_scale(path, scaled_width, scaled_height, FALSE, NULL);
        if (!loaded) return gtk_image_new();
        GdkPixbuf *square = gdk_pixbuf_new_subpixbuf(loaded, (gdk_pixbuf_get_width(loaded) - side) / 2,
                                                     (gdk_pixbuf_get_height(loaded) - side) / 2, side, side);
        GtkWidget *image = gtk_image_new_from_pixbuf(square);
        g_object_unref(square);
        g_object_unref(loaded);
        return image;
    }
    /// The gallery's first screen in a 1100×760 window: its first six items, the first a big tile.
    static GtkWidget *gallery(void) {
        GtkWidget *grid = gtk_grid_new();
        gtk_grid_set_row_spacing(GTK_GRID(grid), 12);
        gtk_grid_set_column_spacing(GTK_GRID(grid), 12);
        gtk_container_set_border_width(GTK_CONTAINER(grid), 12);
        gtk_grid_attach(GTK_GRID(grid), tile("ladybird-2560x1600.jpg", 586), 0, 0, 2, 2);
        gtk_grid_attach(GTK_GRID(grid), tile("leaf-512x512.png", 287), 2, 0, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), tile("flower-600x1200.jpg", 287), 2, 1, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), tile("butterfly-600x400.png", 287), 0, 2, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), tile("garden-1600x1200.jpg", 287), 1, 2, 1, 1);
        gtk_grid_attach(GTK_GRID(grid), tile("dune-1200x800.jpg", 287), 2, 2, 1, 1);
        GtkWidget *scroller = gtk_scrolled_window_new(NULL, NULL);
        gtk_container_add(GTK_CONTAINER(scroller), grid);
        return scroller;
    }
    #endif
    static void activate(GtkApplication *app, gpointer data) {
        GtkWidget *window = gtk_application_window_new(app);
        gtk_window_set_title(GTK_WINDOW(window), "Baseline");
        gtk_window_set_default_size(GTK_WINDOW(window), 1100, 760);
    #ifdef TESSERA_SHELL
        gtk_window_set_titlebar(GTK_WINDOW(window), header_bar());
        GtkWidget *layout = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
        gtk_box_pack_start(GTK_BOX(layout), sidebar(), FALSE, FALSE, 0);
        gtk_box_pack_start(GTK_BOX(layout), gtk_separator_new(GTK_ORIENTATION_VERTICAL), FALSE, FALSE, 0);
        GtkWidget *stack = gtk_stack_new();
    #ifdef TESSERA_GALLERY
        gtk_container_add(GTK_CONTAINER(stack), gallery());
    #endif
        gtk_box_pack_start(GTK_BOX(layout), stack, TRUE, TRUE, 0);
        gtk_container_add(GTK_CONTAINER(window), layout);
    #endif
        g_signal_connect_after(window, "draw", G_CALLBACK(drawn), app);
        mark("window-built");
        gtk_widget_show_all(window);
        mark("presented");
    }
    int main(int argc, char **argv) {
        mark("main");
    #ifdef TESSERA_GALLERY
        media_folder = argc > 1 ? argv[1] : ".";
    #endif
        GtkApplication *app = gtk_application_new("dev.tessera.StartupBaseline", G_APPLICATION_DEFAULT_FLAGS);
        g_signal_connect(app, "startup", G_CALLBACK(startup), NULL);
        g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
        return g_application_run(G_APPLICATION(app), 1, argv);
    }
    """

    private var environment: [String: String] = [:]

    mutating func run() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(getpid())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        Interruption.removeIfStopped(work)

        let baseline = try CProgram.build(Self.baselineSource, named: "baseline", in: work)
        let application = try CProgram.build(Self.applicationBaselineSource, named: "application-baseline", in: work)
        let shell = try CProgram.build(Self.applicationBaselineSource, named: "application-shell", in: work, defining: ["TESSERA_SHELL"])
        let gallery = try CProgram.build(Self.applicationBaselineSource, named: "application-gallery", in: work,
                                         defining: ["TESSERA_SHELL", "TESSERA_GALLERY"])
        guard let media = AppPaths.sourceTreeItem("data/media") else { throw BenchError(description: "no data/media folder found") }
        // Inside a session bus, as on a desktop: without one GLib falls back to X11 autolaunch.
        let bus = try SessionBus.ensure()
        defer { bus?.stop() }
        environment = ProcessInfo.processInfo.environment.merging(bus?.environment ?? [:]) { $1 }
        // GL off for the references too, as Tessera turns it off for itself.
        environment["GDK_GL"] = environment["GDK_GL"] ?? "disable"
        // The accessibility bridge on for every program, as on a desktop, whatever the caller's shell says.
        environment["NO_AT_BRIDGE"] = nil
        // Tessera with its default profile's work; the warm-up is the first launch.
        let profile = work.appendingPathComponent("profile")
        for (variable, folder) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache")] {
            environment[variable] = profile.appendingPathComponent(folder).path
        }
        let tessera = binFolder().appendingPathComponent("tessera-automated")
        guard FileManager.default.isExecutableFile(atPath: tessera.path) else {
            throw BenchError(description: "tessera-automated is not built at \(tessera.path)")
        }
        if restored {
            return try RestoredStartup(runs: runs, tessera: tessera, environment: environment, work: work).run()
        }
        let tesseraLaunch = [tessera.path, "--report-first-frame"]
        var launches: [[String]] = [[baseline.path], [application.path], [shell.path], [gallery.path, media.path]]
        // One warm-up run each, so all start with the same files in the page cache.
        for command in launches { _ = try firstFrame(command) }
        _ = try firstFrame(tesseraLaunch)

        // Totals and phases per program, in the order above with Tessera last; runs alternate.
        var totals = [[Double]](repeating: [], count: 5)
        var phases = [[String: [Double]]](repeating: [:], count: 5)
        var resident = [[Double]](repeating: [], count: 5)
        var content: [Double] = []
        for _ in 0..<runs {
            launches.append(tesseraLaunch)
            for (index, command) in launches.enumerated() {
                let launch = try firstFrame(command)
                totals[index].append(launch.total)
                if let drawn = launch.content { content.append(drawn) }
                if let megabytes = launch.residentMegabytes { resident[index].append(megabytes) }
                for (name, milliseconds) in launch.phases { phases[index][name, default: []].append(milliseconds) }
            }
            launches.removeLast()
        }
        guard content.count == runs else { throw BenchError(description: "tessera reported no frame with the gallery's content") }
        let tesseraMedian = median(totals[4]), shellMedian = median(totals[2])
        let contentMedian = median(content), galleryMedian = median(totals[3])
        print("startup: exec to the first frame with the section's content, median of \(runs)\(bus == nil ? "" : " (private session bus)"), GDK_GL=\(environment["GDK_GL"] ?? "") and the accessibility bridge on for every program;")
        print("  tessera as a person starts it: its own profile, settings, single-instance name, portal, Shell search")
        print("  (tessera-automated: the same launch, with the report's driver beside it);")
        print("  the gallery's first screen: six items, their pictures from the disk cache, decoded by its helpers")
        print(String(format: "  tessera                          %8.1f ms", contentMedian))
        print(String(format: "  C GtkApplication, shell, gallery %8.1f ms  (the same window in plain C, the six pictures decoded at their tiles' size before it shows)", galleryMedian))
        print(String(format: "  tessera / C with the gallery     %8.2f     (target <= 1.20)", contentMedian / galleryMedian))
        print("  the chrome alone: exec to the first frame")
        print(String(format: "    tessera                        %8.1f ms", tesseraMedian))
        print(String(format: "    C GtkApplication, shell        %8.1f ms  (header bar, sidebar, an empty stack)", shellMedian))
        print(String(format: "    tessera / C shell              %8.2f", tesseraMedian / shellMedian))
        // Tessera's "entry" is the first line of its main, where the C programs mark "main".
        if let tesseraMain = phases[4]["entry"].map(median), let shellMain = phases[2]["main"].map(median) {
            print(String(format: "  exec to main                     %8.1f ms  (C shell %.1f ms: %+.1f ms; target <= +2)",
                         tesseraMain, shellMain, tesseraMain - shellMain))
        }
        if !resident[4].isEmpty, !resident[2].isEmpty {
            let tesseraResident = median(resident[4]), shellResident = median(resident[2])
            print(String(format: "  resident at the first frame      %8.1f MB  (C shell %.1f MB: %+.1f MB; target <= +10)",
                         tesseraResident, shellResident, tesseraResident - shellResident))
        }
        print("  references, to the first frame              (tessera's first frame / this)")
        for (index, name) in [(0, "C GTK 3 window"), (1, "C GtkApplication window")] {
            let reference = median(totals[index])
            let memory = resident[index].isEmpty ? "" : String(format: ", %.1f MB resident", median(resident[index]))
            print("    " + name.padding(toLength: 31, withPad: " ", startingAt: 0)
                  + String(format: "%8.1f ms  (%.2f", reference, tesseraMedian / reference) + memory + ")")
        }
        print("  phases (medians, ms)                              tessera  C app  C app + shell")
        for (name, label) in Self.phaseLabels {
            guard let values = phases[4][name] else { continue }
            // C's "main" is Tessera's "entry"; C reads nothing after it.
            let inC: String? = switch name { case "entry": "main"; case "main": nil; default: name }
            let references = [1, 2].map { index in
                inC.flatMap { phases[index][$0] }.map { String(format: "%7.1f", median($0)) } ?? "       "
            }
            print("    " + label.padding(toLength: 46, withPad: " ", startingAt: 0) + String(format: "%7.1f", median(values))
                  + references.joined(separator: " "))
        }
        print("    (the C programs have no objects of their own: their GTK phase starts at main)")
    }

    /// The milestones the app reports (StartupTrace), as phases ending at each.
    static let phaseLabels = [
        ("entry", "exec to entry (loading libraries, Swift start)"),
        ("main", "to main (catalogues, the arguments parsed)"),
        ("app-made", "to the app's objects made (settings, caches)"),
        ("gtk-started", "to GTK started (GApplication, gtk_init)"),
        ("window-built", "to the window built (incl. start-up handler)"),
        ("presented", "to the window presented (realized, styled)"),
        ("drawn", "to the first frame drawn"),
        ("page", "then to the section's page drawn"),
        ("content", "then to its content drawn (the pictures)"),
    ]

    /// Spawn to first frame and between milestones, in ms, and Tessera's later frames.
    private func firstFrame(_ command: [String]) throws
        -> (total: Double, phases: [(String, Double)], residentMegabytes: Double?, content: Double?) {
        let launch = try timeToMarker(command, "first-frame-ns", environment: environment)
        let resident = launch.lines.first { $0.hasPrefix("rss-kb ") }.flatMap { Double($0.dropFirst(7)) }.map { $0 / 1024 }
        var phases: [(String, Double)] = [], previous = launch.start
        for milestone in launch.lines where milestone.hasPrefix("milestone-ns ") {
            let fields = milestone.split(separator: " ")
            guard fields.count == 3, let time = Int64(fields[2]) else { continue }
            phases.append((String(fields[1]), Double(time - previous) / 1_000_000))
            previous = time
        }
        if !phases.isEmpty { phases.append(("drawn", Double(launch.marked - previous) / 1_000_000)) }
        // Tessera's first frame is its chrome; the section's page is drawn in a frame after it.
        var content: Double?
        if let line = launch.lines.first(where: { $0.hasPrefix("page-drawn-ns ") }), let page = Int64(line.dropFirst(14)) {
            phases.append(("page", Double(page - launch.marked) / 1_000_000))
            if let line = launch.lines.first(where: { $0.hasPrefix("content-drawn-ns ") }), let drawn = Int64(line.dropFirst(17)) {
                phases.append(("content", Double(drawn - page) / 1_000_000))
                content = Double(drawn - launch.start) / 1_000_000
            }
        }
        return (launch.milliseconds, phases, resident, content)
    }
}

/// A private D-Bus session daemon for the benchmark, when the caller has no session bus.
final class SessionBus {
    private let daemon: Process
    let address: String
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    private init(daemon: Process, address: String) {
        self.daemon = daemon
        self.address = address
    }

    /// Nil when a session bus is already there.
    static func ensure() throws -> SessionBus? {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] == nil else { return nil }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let pipe = Pipe()
        daemon.standardOutput = pipe
        daemon.standardError = FileHandle.nullDevice
        try Interruption.run(daemon)
        // The daemon prints its address once it listens, then keeps running.
        var text = ""
        while !text.contains("\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let address = text.split(separator: "\n").first.map(String.init), !address.isEmpty else {
            daemon.terminate()
            throw BenchError(description: "dbus-daemon did not start a session bus")
        }
        return SessionBus(daemon: daemon, address: address)
    }

    func stop() {
        daemon.terminate()
        daemon.waitUntilExit()
    }
}
