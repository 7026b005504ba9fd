@testable import App
import Domain
import Features
import Foundation
import Persistence
import Gtk
import ImagePipeline
import HelperClients
import Networking
import Repositories
import TestSupport
import XCTest
import SimulatedInput

/// Pictures of every format added to the gallery by link show in their tiles, upright, whatever
/// their link's name or the server's Content-Type says: a WebP served as "photo.jpg" with
/// image/jpeg shows as the WebP it is.
final class PictureFormatsOnScreenTests: AppTestCase {
    /// Test pictures (Tests/Pictures; PictureFormatsTests reads them all), 60 x 40 in four
    /// coloured quarters, each served under a name that says JPEG. Six: the tiles of all of them
    /// are in view in the test's window.
    static let served = ["metadata.jpg", "quarters.webp", "quarters.avif", "quarters.heic", "quarters.svg",
                         "orientation-6.jpg"]

    /// A server data folder whose media are `served`, as photo-0.jpg, photo-1.jpg and so on.
    private func serverData(serving served: [String]) throws -> URL {
        try serverData(media: Dictionary(uniqueKeysWithValues: served.enumerated().map { index, name in
            ("photo-\(index).jpg", TestServer.picturesDirectory.appendingPathComponent(name))
        }))
    }

    /// A window of `width` x `height` showing `content`, with the pointer off it (no hover state
    /// over what is read back); the caller destroys it.
    @MainActor
    private func window(showing content: Widget, width: Int, height: Int) -> Window {
        let window = Window()
        window.add(content)
        window.setDefaultSize(width: width, height: height)
        window.showAll()
        InputSimulation.movePointerAway(from: window)
        return window
    }

    func testEveryFormatShowsUprightInAGalleryTile() throws {
        let data = try serverData(serving: Self.served)
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let items = Self.served.indices.map { index in
                GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: server.base.appendingPathComponent("images/photo-\(index).jpg").absoluteString)
            }
            let document = dataDirectory.appendingPathComponent("gallery.json")
            try JSONEncoder().encode(GalleryDocument(items: items)).write(to: document)
            let page = GalleryPage(model: GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: [])),
                                   pipeline: ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []), decoders: [SandboxedImageDecoder()])) { nil }
            // Wide enough that every tile is in view (a tile out of view loads nothing).
            let window = window(showing: page.widget, width: 1300, height: 900)
            defer { window.destroy() }
            waitFor("every tile loaded", timeout: .seconds(20)) {
                let pictures = page.tiles.filter { $0.item.item != nil }
                return page.isSettled && pictures.count == items.count && pictures.allSatisfy { $0.image.isLoaded }
            }
            let shot = try screen(of: window)
            for tile in page.tiles {
                guard let url = tile.item.item?.imageUrlString, let index = Int(url.split(separator: "-").last?.dropLast(4) ?? "") else { continue }
                let name = Self.served[index]
                XCTAssertTrue(tile.image.showsImage, "\(name) shows as a picture, not \(tile.image.content)")
                let picture = tile.image.picture
                let origin = try XCTUnwrap(picture.origin(in: window))
                let size = picture.allocation
                // The middle of each quarter of the tile: the picture fills it, cropped at its sides.
                let found = [(1, 1), (3, 1), (1, 3), (3, 3)].map { column, row -> UInt32 in
                    shot.pixel(x: (origin.x + size.width * column / 4) * shot.scale, y: (origin.y + size.height * row / 4) * shot.scale)
                }
                // orientation-6 is stored sideways: upright, blue is top left, red top right.
                let expected: [UInt32] = name == "orientation-6.jpg"
                    ? [0x1E3CDC, 0xDC1E1E, 0xFFFFFF, 0x1EC83C] : [0xDC1E1E, 0x1EC83C, 0x1E3CDC, 0xFFFFFF]
                for (pixel, wanted) in zip(found, expected) {
                    let distance = [16, 8, 0].map { abs(Int((pixel >> $0) & 0xFF) - Int((wanted >> $0) & 0xFF)) }.reduce(0, +)
                    XCTAssertLessThanOrEqual(distance, 60, String(format: "%@: %06X on screen where %06X belongs", name, pixel & 0xFFFFFF, wanted))
                }
            }
        }
    }

    func testAnimatedGIFAndWebPPlayInTheViewerWhileOnScreenAndStopWhenHiddenOrAnimationsAreOff() throws {
        let served = ["animated.gif", "animated.webp"]
        let data = try serverData(serving: served)
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            for (index, name) in served.enumerated() {
                try assertPlays(name, url: server.base.appendingPathComponent("images/photo-\(index).jpg"), checksStopping: index == 0)
            }
        }
    }

    /// Opens `url` in the feed viewer and reads each of its three frames back from the screen in
    /// turn; with `checksStopping`, also that it stops while hidden and with animations off.
    @MainActor
    private func assertPlays(_ name: String, url: URL, checksStopping: Bool) throws {
        let post = MediaPost(id: name, url: url, kind: .image)
        let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []), decoders: [SandboxedImageDecoder()])
        let viewer = ViewerPage(items: [ViewerItem(post: post, number: 1, of: 1)], index: 0, pipeline: pipeline, goBack: {})
        let window = window(showing: viewer.widget, width: 600, height: 400)
        defer { window.destroy() }
        let picture = viewer.image.picture
        waitFor("\(name) shown playing", timeout: .seconds(10)) { viewer.image.viewport != nil && picture.isPlaying }
        XCTAssertEqual(picture.frameCount, 3, name)
        // The top-left quarter is red in the first two frames and blue in the third; the
        // screen shows each in turn.
        @MainActor func topLeft() throws -> UInt32 {
            let shot = try screen(of: window)
            let origin = try XCTUnwrap(picture.origin(in: window))
            // The picture is fitted (60 x 40 shows at 100 %), centred: its pixel (15, 10).
            let viewport = try XCTUnwrap(viewer.image.viewport)
            let x = origin.x * shot.scale + Int(viewport.origin.x + 15 * viewport.zoom)
            let y = origin.y * shot.scale + Int(viewport.origin.y + 10 * viewport.zoom)
            return shot.pixel(x: x, y: y) & 0xFFFFFF
        }
        // Each frame read while it is the one shown (a frame that moved on meanwhile is read again).
        var seen: [UInt32] = []
        for index in [1, 2, 0] {
            var pixel: UInt32?
            for _ in 0..<10 where pixel == nil {
                waitFor("\(name): frame \(index)", timeout: .seconds(5)) { picture.frameIndex == index }
                let read = try topLeft()
                if picture.frameIndex == index { pixel = read }
            }
            seen.append(try XCTUnwrap(pixel, "\(name): frame \(index) read while shown"))
        }
        func distance(_ pixel: UInt32, _ wanted: UInt32) -> Int {
            let channels: [Int] = [16, 8, 0].map { shift in abs(Int((pixel >> shift) & 0xFF) - Int((wanted >> shift) & 0xFF)) }
            return channels.reduce(0, +)
        }
        let wanted: [UInt32] = [0xDC1E1E, 0x1E3CDC, 0xDC1E1E]
        XCTAssertTrue(zip(seen, wanted).allSatisfy { distance($0, $1) <= 60 },
                      "\(name): frames 1, 2, 0 on screen: \(seen.map { String(format: "%06X", $0) })")
        guard checksStopping else { return }

        window.hide()
        XCTAssertFalse(picture.isPlaying, "a hidden viewer does not play")
        window.showAll()
        waitFor("playing again once shown") { picture.isPlaying }

        // Minimized (a window manager unmaps the window; xdotool does it here): no frame is
        // drawn, and the animation stops at the first frame nobody saw.
        let xWindow = try XCTUnwrap(InputSimulation.xWindowID(of: window))
        try xdotool(["windowunmap", "--sync", "\(xWindow)"])
        waitFor("stopped while minimized", timeout: .seconds(3)) { !picture.isPlaying }
        let stoppedAt = picture.frameIndex
        try xdotool(["windowmap", "--sync", "\(xWindow)"])
        waitFor("playing again once back") { picture.isPlaying && picture.frameIndex != stoppedAt }

        let settings = ThemeSettings()
        settings.animationsEnabled = false
        defer { settings.animationsEnabled = true }
        window.hide()
        window.showAll()
        waitFor("shown again") { picture.isMapped }
        XCTAssertFalse(picture.isPlaying, "with GTK's animations off it shows one frame")
    }

    func testAnAnimatedFeedTilePlaysOnlyWhileItIsInView() throws {
        let data = try serverData(serving: ["animated.gif"])
        try onMain {
            let server = try startServer { $0.dataDirectory = data }
            defer { stop(server) }
            let post = MediaPost(id: "animated", url: server.base.appendingPathComponent("images/photo-0.jpg"), kind: .image)
            let tile = FeedTile(post: post, pipeline: ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []), decoders: [SandboxedImageDecoder()]))
            tile.view.setSizeRequest(width: 200, height: 200)
            // The tile at the top of a column three windows tall, in a scrolled window.
            let column = Box(.vertical)
            column.append(tile.view)
            let filler = Box(.vertical)
            filler.setSizeRequest(width: 200, height: 1200)
            column.append(filler)
            let scroller = ScrolledWindow()
            scroller.add(column)
            let window = window(showing: scroller, width: 300, height: 400)
            defer { window.destroy() }
            tile.load(side: 200)
            let picture = tile.image.picture
            waitFor("the tile's animation playing", timeout: .seconds(10)) { tile.image.showsImage && picture.isPlaying }
            XCTAssertEqual(tile.image.shownImage?.frames.count, 3, "every frame (at its own 60 x 40: never enlarged)")
            let shown = picture.frameIndex
            waitFor("the next frame") { picture.frameIndex != shown }

            // Scrolled away: the frame it moves to is never drawn, and it stops there.
            let adjustment = scroller.verticalAdjustment()
            adjustment.value = adjustment.maximumValue
            waitFor("stopped out of view", timeout: .seconds(3)) { !picture.isPlaying }
            let stoppedAt = picture.frameIndex
            var drawn = false
            window.onNextDraw { drawn = true }
            window.queueDraw()
            waitFor("a frame of the window drawn") { drawn }
            XCTAssertFalse(picture.isPlaying)
            XCTAssertEqual(picture.frameIndex, stoppedAt, "no frames step while out of view")

            // Back in view: it goes on.
            adjustment.value = 0
            waitFor("playing again in view", timeout: .seconds(3)) { picture.isPlaying && picture.frameIndex != stoppedAt }
        }
    }
}
