import App
import ArgumentParser
import CGdkPixbuf
import Composition
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import HelperClients
import Logging
import Networking
import Persistence
import Repositories

/// The gallery at 1,000 and 10,000 items: first frame, animation frames, memory, bulk delete and Undo, drops,
/// journaled saves against whole writes, reads back.
struct GalleryBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gallery",
                                                    abstract: "Gallery with 1,000 and 10,000 items: show time, animation frames, memory.")

    @Option(help: "Items in the gallery (repeat for several runs; default 1,000 and 10,000).") var count: [Int] = []
    @Option(help: "Device scale (GDK_SCALE); above 1 the benchmark runs on a display of its own sized for it.") var scale = 1

    func run() throws {
        let counts = count.isEmpty ? [1_000, 10_000] : count
        try runWithGTK(scale: scale) {
            for count in counts { try measure(count: count) }
        }
    }

    @MainActor
    private func measure(count: Int) throws {
        let server = try BenchServer()
        let portNumber = server.base.port ?? 0

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-gallery-\(getpid())-\(count)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let items = (0..<count).map { index in
            GalleryItem(uuid: UUID().uuidString.lowercased(),
                        imageUrlString: "http://127.0.0.1:\(portNumber)/synthetic/\(index)/\([320, 480, 640][index % 3])x320.jpg")
        }
        // On disk before the window opens, as at every later launch.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONDocumentStore<GalleryDocument>(url: folder.appendingPathComponent("gallery.json")).saveNow(GalleryDocument(items: items))
        let repository = FileGalleryRepository(url: folder.appendingPathComponent("gallery.json"), firstRunItems: [])
        let pictures = CompositionRoot.galleryPictures(paths: AppPaths(root: folder))
        let pipeline = ImagePipeline(client: CurlHTTPClient(), sources: [CompositionRoot.keptPictureSource([pictures])],
                                     decoders: [SandboxedImageDecoder.prepared()])
        let residentBefore = residentBytes()

        // From the items reaching the page to the first frame with tiles near the view placed.
        let window = Window()
        window.setDefaultSize(width: 1100, height: 760)
        let start = ContinuousClock.now
        let page = GalleryPage(model: GalleryViewModel(repository: repository, pictures: pictures), pipeline: pipeline) { nil }
        // The first items reaching the page (a large document's first screen, read apart), and the whole list.
        var reached: ContinuousClock.Instant?, whole: ContinuousClock.Instant?, wholeRendered = Duration.zero
        let render = page.model.onChange
        page.model.onChange = { state, change in
            if change == .reloaded, reached == nil { reached = ContinuousClock.now }
            guard change == .reloaded, state.phase == .loaded, whole == nil else { return render?(state, change) ?? () }
            whole = ContinuousClock.now
            render?(state, change)
            wholeRendered = ContinuousClock.now - whole!
        }
        window.add(page.widget)
        window.showAll()
        var drawnLaidOut: ContinuousClock.Instant?
        let drawn = page.widget.onDrawn {
            if drawnLaidOut == nil, page.isLaidOut { drawnLaidOut = ContinuousClock.now }
        }
        guard GtkRuntime.iterate(until: { drawnLaidOut != nil }, timeout: .seconds(60), wakeEvery: .milliseconds(1)) else {
            throw BenchError(description: "the grid never finished laying out")
        }
        page.widget.disconnect(drawn)
        let shown = drawnLaidOut! - (reached ?? start)
        let shownFromStart = drawnLaidOut! - start
        try waitOrFail("the pictures in view", timeout: .seconds(120), wakeEvery: .milliseconds(1)) { page.picturesInViewShown }
        let loaded = ContinuousClock.now - start
        try waitOrFail("the whole list", timeout: .seconds(120), wakeEvery: .milliseconds(20)) { page.isSettled }
        let wholeIn = (whole ?? ContinuousClock.now) - start
        let resident = residentBytes()

        /// The longest frame while `change` animates, with its layout and paint.
        func longestFrame(during change: () -> Void) -> (interval: Double, layout: Double, paint: Double) {
            var times: [Int64] = []
            let timing = FrameTiming(widget: window)
            let tick = window.addTickCallback { time in times.append(time); return true }
            change()
            // The animation runs 250 ms; watch 500 ms.
            let until = ContinuousClock.now + .milliseconds(500)
            GtkRuntime.iterate(until: { ContinuousClock.now >= until }, timeout: .seconds(2), wakeEvery: .milliseconds(1))
            window.removeTickCallback(tick)
            return (zip(times, times.dropFirst()).map { Double($1 - $0) / 1000 }.max() ?? 0,
                    timing?.layouts.max() ?? 0, timing?.paints.max() ?? 0)
        }
        let model = page.model
        let insert = longestFrame { Task { await model.add(link: "http://127.0.0.1:\(portNumber)/synthetic/99999/640x640.jpg") } }
        let delete = longestFrame {
            model.requestDelete(at: 0)
            Task { await model.confirmDelete() }
        }
        let move = longestFrame { Task { await model.move(from: model.state.items.count - 1, to: 0) } }

        /// Time until `cells` items are laid out and saved, and the longest frame.
        func settled(at cells: Int, after change: () -> Task<Void, Never>) throws -> (time: Duration, frame: Double, layout: Double, paint: Double) {
            var times: [Int64] = []
            let timing = FrameTiming(widget: window)
            let tick = window.addTickCallback { time in times.append(time); return true }
            let start = ContinuousClock.now
            var written = false
            let task = change()
            Task { await task.value; written = true }
            guard GtkRuntime.iterate(until: { written && page.cellCount == cells && page.isLaidOut },
                                     timeout: .seconds(120), wakeEvery: .milliseconds(1)) else {
                throw BenchError(description: "the grid never settled at \(cells) items")
            }
            let time = ContinuousClock.now - start
            // The animation's frames too.
            let until = ContinuousClock.now + .milliseconds(300)
            GtkRuntime.iterate(until: { ContinuousClock.now >= until }, timeout: .seconds(2), wakeEvery: .milliseconds(1))
            window.removeTickCallback(tick)
            return (time, zip(times, times.dropFirst()).map { Double($1 - $0) / 1000 }.max() ?? 0,
                    timing?.layouts.max() ?? 0, timing?.paints.max() ?? 0)
        }
        let all = model.state.items.count
        // Chosen and asked in frames of their own; measured from the answer.
        model.selectAll()
        model.requestDeleteSelection()
        let asked = ContinuousClock.now + .milliseconds(300)
        GtkRuntime.iterate(until: { ContinuousClock.now >= asked }, timeout: .seconds(2), wakeEvery: .milliseconds(1))
        let deleteAll = try settled(at: 0) { Task { await model.confirmDelete() } }
        let undoAll = try settled(at: all) { Task { await model.undo() } }

        // 50 distinct picture files dropped at the start, room permitting.
        var drop: (time: Duration, frame: Double, shown: Duration)?
        if all + 50 <= GalleryDocument.maximumItems {
            let dropped = try Self.pictureFiles(50, in: folder.appendingPathComponent("dropped"))
            let dropStart = ContinuousClock.now
            let added = try settled(at: all + dropped.count) {
                Task { await model.add(addresses: dropped.map(\.absoluteString), text: nil, at: 0) }
            }
            guard GtkRuntime.iterate(until: { page.isSettled }, timeout: .seconds(60), wakeEvery: .milliseconds(1)) else {
                throw BenchError(description: "the dropped pictures never showed")
            }
            drop = (added.time, added.frame, ContinuousClock.now - dropStart)
        }
        window.destroy()
        server.stop()

        func ms(_ duration: Duration) -> Double { Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15 }
        let frameTarget = count > 1_000 ? 20 : 16.7
        print("gallery: \(count) items, 1100×760 window at scale \(scale)")
        print(String(format: "  show the grid, main thread          %8.1f ms   (target <= 50)", ms(shown)))
        print(String(format: "  show the grid, with reading the file %7.1f ms", ms(shownFromStart)))
        print(String(format: "  images in view loaded               %8.1f ms", ms(loaded)))
        print(String(format: "  the whole list in (the file read whole) %5.1f ms; the grid given it, main thread %.1f ms", ms(wholeIn), ms(wholeRendered)))
        for (name, frame) in [("insert", insert), ("delete", delete), ("move", move)] {
            print(String(format: "  longest frame, %@ animation %@%8.1f ms   (target <= %.1f; longest layout %.1f ms, paint %.1f ms)",
                         name, String(repeating: " ", count: 6 - name.count), frame.interval, frameTarget, frame.layout, frame.paint))
        }
        for (name, result) in [("every item chosen and deleted", deleteAll), ("their one Undo", undoAll)] {
            print(String(format: "  %@, to settled and written %@%8.1f ms; longest frame %.1f ms   (target <= %.1f; longest layout %.1f ms, paint %.1f ms)",
                         name, String(repeating: " ", count: 30 - name.count), ms(result.time), result.frame, frameTarget, result.layout, result.paint))
        }
        if let drop {
            print(String(format: "  50 picture files dropped, copied, in the grid and written %8.1f ms; longest frame %.1f ms; every tile in view showing %.1f ms",
                         ms(drop.time), drop.frame, ms(drop.shown)))
        } else {
            print("  50 picture files dropped: not measured, the gallery holds its most items already")
        }
        print(String(format: "  resident memory with the images in view  %.1f MB (%.1f MB more than before the window)",
                     Double(resident) / 1e6, Double(resident - residentBefore) / 1e6))
        try printSaving(items: items, in: folder.appendingPathComponent("saving"))
    }

    /// Thirty moves journaled against written whole; then reads with and without a journal.
    @MainActor
    private func printSaving(items: [GalleryItem], in folder: URL) throws {
        let document = folder.appendingPathComponent("gallery.json")
        /// Runs `work` off the main thread while the main loop turns, and returns what it gave.
        func off<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
            try? FileManager.default.removeItem(at: folder)
            var result: Result<Value, any Error>?
            Task { @MainActor in
                do { result = .success(try await work()) } catch { result = .failure(error) }
            }
            guard GtkRuntime.iterate(until: { result != nil }, timeout: .seconds(600), wakeEvery: .milliseconds(5)), let result else {
                throw BenchError(description: "the gallery's document was never saved or read")
            }
            return try result.get()
        }
        let whole = try off { try await Self.saving(items, in: document, journalFrom: .max) }
        let saved = try off { try await Self.saving(items, in: document, journalFrom: FileGalleryRepository.journalFromBytes) }
        let plain = try off { try await Self.reading(items, in: document, journaled: 0) }
        let replayed = try off { try await Self.reading(items, in: document, journaled: FileGalleryRepository.maximumJournaledChanges) }
        try? FileManager.default.removeItem(at: folder)
        for (name, saving) in [("each change written whole (baseline)", whole), ("as the gallery saves", saved)] {
            print(String(format: "  one change to disk, %@ %@median %7.1f ms, longest %7.1f ms, %9d bytes a change",
                         name, String(repeating: " ", count: 37 - name.count), saving.median, saving.longest, saving.bytes))
        }
        print(String(format: "  one change to disk, as the gallery saves, against the baseline: %.3fx the time, %.6fx the bytes",
                     saved.median / max(whole.median, 0.001), Double(saved.bytes) / Double(max(whole.bytes, 1))))
        print(String(format: "  the document read back %8.1f ms; with %d changes in its journal %8.1f ms",
                     plain, FileGalleryRepository.maximumJournaledChanges, replayed))
    }

    private struct Saving: Sendable { var median = 0.0, longest = 0.0, bytes = 0 }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// Thirty moves, each awaited, over a first-run document of `items`.
    private nonisolated static func saving(_ items: [GalleryItem], in document: URL, journalFrom: Int) async throws -> Saving {
        let repository = FileGalleryRepository(url: document, firstRunItems: items, journalFromBytes: journalFrom)
        _ = try await repository.load()
        let before = await repository.bytesWritten
        var times: [Double] = []
        for step in 0..<30 {
            let start = ContinuousClock.now
            _ = try await repository.move(from: step, to: items.count - 1)
            times.append(milliseconds(ContinuousClock.now - start))
        }
        times.sort()
        let bytes = await repository.bytesWritten - before
        return Saving(median: times[times.count / 2], longest: times.last ?? 0, bytes: bytes / times.count)
    }

    /// The time a launch takes to read the document of `items` with `journaled` changes over it.
    private nonisolated static func reading(_ items: [GalleryItem], in document: URL, journaled: Int) async throws -> Double {
        let writer = FileGalleryRepository(url: document, firstRunItems: items, journalFromBytes: 0, maximumJournaledChanges: journaled)
        _ = try await writer.load()
        for step in 0..<journaled { _ = try await writer.move(from: step % items.count, to: items.count - 1) }
        let start = ContinuousClock.now
        _ = try await FileGalleryRepository(url: document, firstRunItems: []).load()
        return milliseconds(ContinuousClock.now - start)
    }

    /// `count` PNG files of 640×480 in `folder`, each with a colour of its own, made by gdk-pixbuf.
    private static func pictureFiles(_ count: Int, in folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try (0..<count).map { index in
            guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 640, 480) else { throw BenchError(description: "no memory for a picture") }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            gdk_pixbuf_fill(pixbuf, guint32(truncatingIfNeeded: (index * 0x050A0F + 0x204060) << 8 | 0xFF))
            var buffer: UnsafeMutablePointer<gchar>?
            var size: gsize = 0
            guard tessera_pixbuf_save(pixbuf, &buffer, &size, "png", nil) != 0, let buffer else {
                throw BenchError(description: "could not encode a PNG")
            }
            defer { g_free(buffer) }
            let file = folder.appendingPathComponent("dropped-\(index).png")
            try Data(bytes: buffer, count: Int(size)).write(to: file)
            return file
        }
    }
}
