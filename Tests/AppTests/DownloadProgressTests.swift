@testable import App
import FixtureServer
import Foundation
import Gtk
import ImagePipeline
import Networking
import HelperClients
import TestSupport
import XCTest

/// Where a person waits for a picture over a slow link (1 Mbit/s, the server's own shaping), it
/// shows how far the download has come: a tile's bar under its placeholder icon, the viewer's
/// bar with the bytes in words; both go when the picture comes, and on a fast link none shows.
final class DownloadProgressTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void {
        { $0.link = LinkShape(bitsPerSecond: 1_000_000, latency: .milliseconds(50)) }
    }

    /// 334,244 bytes: some 2.7 s at 1 Mbit/s; a progressive JPEG, its first pass in 45,083.
    private var photo: URL { server.url("images/ladybird-2560x1600.jpg") }
    /// 350,595 bytes, a baseline JPEG: its rows come from the top.
    private var baselinePhoto: URL { server.url("synthetic/3/2400x1600.jpg") }
    /// 422,672 bytes, a PNG (not interlaced): nothing to show before its last byte.
    private var png: URL { server.url("images/leaf-512x512.png") }

    @MainActor
    private func pipeline() -> ImagePipeline {
        ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []),
                      decoders: [SandboxedImageDecoder(processes: DecoderProcesses())])
    }

    /// A 240-pixel tile in a window of its own, on screen, its picture covering it as the grids'
    /// tiles do.
    @MainActor
    private func tileOnScreen(_ pipeline: ImagePipeline) -> (view: ImageView, window: Window) {
        let view = ImageView(pipeline: pipeline, scaling: .fill)
        view.picture.setSizeRequest(width: 240, height: 240)
        let window = Window()
        window.add(view.picture)
        window.showAll()
        waitFor("the tile on screen") { view.picture.isMapped && view.picture.allocation.height == 240 }
        return (view, window)
    }

    /// The viewer opened on the progressive photo in a 600 x 500 window.
    @MainActor
    private func viewerOnScreen(_ pipeline: ImagePipeline) -> (viewer: ViewerPage, window: Window) {
        let items = [ViewerItem(id: "0", url: photo, kind: .picture, name: "Ladybird")]
        let viewer = ViewerPage(items: items, index: 0, pipeline: pipeline, goBack: {})
        let window = Window()
        window.add(viewer.widget)
        window.setDefaultSize(width: 600, height: 500)
        window.showAll()
        return (viewer, window)
    }

    /// Binds `url` to `view` (a 240-pixel tile, filled) and waits until what came so far shows,
    /// painted at the tile's size, with the bar over it: returns the bar's fraction. What shows
    /// is not the picture yet, nor counted as its decode.
    @MainActor
    private func bindAndWaitForWhatCameSoFar(_ url: URL, in view: ImageView, _ pipeline: ImagePipeline) throws -> Double {
        view.bind(ImageRequest(url: url, maximumPixelSize: 240, sizing: .fill))
        waitForServer("what came so far shown", timeout: .seconds(20)) {
            view.passesShown > 0 && view.picture.paintsAtItsSize && view.picture.surfaceSize != nil
        }
        XCTAssertFalse(view.isLoaded, "what came so far is not the picture")
        XCTAssertEqual(pipeline.statistics.decodes, 0, "nor counted as the picture's decode")
        return try XCTUnwrap(view.picture.progress, "the bar goes on over what came so far")
    }

    /// The bar's filled part along the bottom of the 240-pixel tile at `origin` (6 pixels in, 4
    /// high), light over its dark track.
    private static func assertBarAlongTheBottom(of origin: (x: Int, y: Int), in shot: Snapshot,
                                                file: StaticString = #filePath, line: UInt = #line) {
        let filled = channels(shot.pixel(x: origin.x + 9, y: origin.y + 240 - 8))
        XCTAssertTrue(filled.allSatisfy { $0 > 200 }, "the bar's filled part, light: \(filled)", file: file, line: line)
    }

    /// Waits for `view`'s picture: it replaces what came so far without the placeholder between,
    /// the bar goes, one decode was the picture's, and nothing is left watched.
    @MainActor
    private func waitForThePictureInPlaceOfWhatCame(in view: ImageView, _ pipeline: ImagePipeline,
                                                    file: StaticString = #filePath, line: UInt = #line) {
        var placeholderSeen = false
        waitForServer("the picture", timeout: .seconds(20)) {
            placeholderSeen = placeholderSeen || view.content == .icon(ImageView.placeholderIcon)
            return view.isLoaded
        }
        XCTAssertFalse(placeholderSeen, "what came so far stays until the picture replaces it", file: file, line: line)
        XCTAssertNil(view.picture.progress, "no bar once the picture is here", file: file, line: line)
        XCTAssertEqual(pipeline.statistics.decodes, 1, file: file, line: line)
        XCTAssertEqual(DownloadProgressTicker.shared.watching, 0, "nothing left watched", file: file, line: line)
    }

    /// The largest difference in one channel between `pixels`: over 40, a picture rather than a
    /// flat background.
    private static func spread(_ pixels: [[Double]]) -> Double {
        (0..<3).map { channel in (pixels.map { $0[channel] }.max() ?? 0) - (pixels.map { $0[channel] }.min() ?? 0) }.max() ?? 0
    }

    func testATileShowsABarUnderItsPlaceholderWhileItsPictureDownloads() throws {
        try onMain {
            let (view, window) = tileOnScreen(pipeline())
            defer { window.destroy() }
            view.bind(ImageRequest(url: png, maximumPixelSize: 240, sizing: .fill))
            waitForServer("the bar a third of the way", timeout: .seconds(20)) { (view.picture.progress ?? 0) > 0.3 }
            let fraction = try XCTUnwrap(view.picture.progress)
            XCTAssertLessThan(fraction, 1)
            XCTAssertEqual(view.content, .icon(ImageView.placeholderIcon))
            // On screen: under the 48-pixel icon (centred in 240), a bar 72 wide from x = 84 at
            // y = 152, filled to the fraction; below it, the tile's background.
            let origin = try XCTUnwrap(view.picture.origin(in: window))
            let shot = try screen(of: window)
            let filled = Self.channels(shot.pixel(x: origin.x + 88, y: origin.y + 154))
            let background = Self.channels(shot.pixel(x: origin.x + 88, y: origin.y + 180))
            XCTAssertGreaterThan(zip(filled, background).map { abs($0 - $1) }.max() ?? 0, 40,
                                 "the bar's filled part stands out from the background: \(filled) against \(background)")
            waitForServer("the picture", timeout: .seconds(20)) { view.showsImage }
            XCTAssertNil(view.picture.progress, "no bar once the picture is here")
            XCTAssertEqual(DownloadProgressTicker.shared.watching, 0, "nothing left watched")
        }
    }

    /// A baseline JPEG shows its rows as they come, from the top, as a browser shows it: the
    /// picture above, the tile's background below, the bar along the bottom; the picture
    /// replaces them when it is whole, without the placeholder between.
    func testATilesBaselinePictureShowsItsRowsFromTheTopWhileItDownloads() throws {
        try onMain {
            let pipeline = pipeline()
            let (view, window) = tileOnScreen(pipeline)
            defer { window.destroy() }
            XCTAssertLessThan(try bindAndWaitForWhatCameSoFar(baselinePhoto, in: view, pipeline), 0.6)
            // On screen: the picture's green (its top, 2400 x 1600 filled into 240) at the top,
            // the tile's light background under the rows come, the bar along the bottom.
            let origin = try XCTUnwrap(view.picture.origin(in: window))
            let shot = try screen(of: window)
            let top = Self.channels(shot.pixel(x: origin.x + 120, y: origin.y + 2))
            XCTAssertTrue(top[1] > top[0] + 20 && top[1] > top[2] + 40, "the picture's green at the top: \(top)")
            let below = Self.channels(shot.pixel(x: origin.x + 120, y: origin.y + 220))
            XCTAssertTrue(below.allSatisfy { $0 > 200 } && Self.spread([below, top]) > 40,
                          "the tile's light background under the rows, not a grey fill: \(below)")
            Self.assertBarAlongTheBottom(of: origin, in: shot)
            waitForThePictureInPlaceOfWhatCame(in: view, pipeline)
        }
    }

    /// A progressive JPEG shows its first passes as they come, blurred and sharpening, with the
    /// bar along its bottom; the picture replaces them when it is whole, without the placeholder
    /// between.
    func testATilesProgressivePictureShowsItsPassesWhileItDownloads() throws {
        try onMain {
            let pipeline = pipeline()
            let (view, window) = tileOnScreen(pipeline)
            defer { window.destroy() }
            XCTAssertLessThan(try bindAndWaitForWhatCameSoFar(photo, in: view, pipeline), 0.9)
            // The first pass, the blocks' averages, at an eighth of the picture (2560 x 1600), to
            // be scaled up; later ones at the size the picture is decoded at (240 filled, in its
            // bucket of 256).
            XCTAssertTrue([.image(width: 320, height: 200), .image(width: 410, height: 256)].contains(view.content), "\(view.content)")
            // On screen: the ladybird's red and black where the placeholder's flat background
            // was, and the bar along the bottom.
            let origin = try XCTUnwrap(view.picture.origin(in: window))
            let shot = try screen(of: window)
            let middle = (0..<5).map { Self.channels(shot.pixel(x: origin.x + 60 + 30 * $0, y: origin.y + 120)) }
            XCTAssertGreaterThan(Self.spread(middle), 40, "a picture, not a flat placeholder: \(middle)")
            Self.assertBarAlongTheBottom(of: origin, in: shot)
            waitForThePictureInPlaceOfWhatCame(in: view, pipeline)
        }
    }

    /// The viewer shows a progressive JPEG's passes fitted while it downloads, the bubble still
    /// saying how far it has come; zoom waits for the picture, which replaces them.
    func testTheViewerShowsAProgressivePicturesPassesUntilItComes() throws {
        try onMain {
            let pipeline = pipeline()
            let (viewer, window) = viewerOnScreen(pipeline)
            defer { window.destroy() }
            waitForServer("the first passes painted", timeout: .seconds(20)) {
                viewer.image.passesShown > 0 && viewer.image.picture.paintedSize != nil && !viewer.image.picture.awaitsSurface
            }
            XCTAssertNil(viewer.image.viewport, "no zoom until the picture comes")
            let shown = try XCTUnwrap(viewer.image.downloadShown, "the bubble goes on saying how far the download is")
            XCTAssertLessThan(shown.fraction, 0.9)
            // Fitted: 2560 x 1600 in the view's width, centred.
            let placement = try XCTUnwrap(viewer.image.picture.placement)
            let view = viewer.image.picture.allocation
            XCTAssertEqual(placement.zoom * 2560, Double(view.width), accuracy: 1)
            XCTAssertEqual(placement.originY * 2 + placement.zoom * 1600, Double(view.height), accuracy: 1)
            let origin = try XCTUnwrap(viewer.image.picture.origin(in: window))
            let shot = try screen(of: window)
            let row = (0..<5).map { Self.channels(shot.pixel(x: origin.x + view.width * (1 + 2 * $0) / 10, y: origin.y + view.height / 3)) }
            XCTAssertGreaterThan(Self.spread(row), 40, "a picture, not the placeholder's backdrop: \(row)")
            XCTAssertEqual(pipeline.statistics.decodes, 0)
            waitForServer("the picture fitted", timeout: .seconds(20)) { viewer.image.viewport != nil && viewer.image.isSettled }
            XCTAssertEqual(viewer.image.viewport?.zoom ?? 0, placement.zoom, accuracy: 0.001, "where the passes were")
            waitFor("the bubble gone") { viewer.image.downloadShown == nil }
            XCTAssertEqual(DownloadProgressTicker.shared.watching, 0, "nothing left watched")
        }
    }

    /// A picture asked for at two sizes while it downloads (a tile, and the viewer opened on it)
    /// comes over one transfer, each size decoded from it: on a slow link two transfers of the
    /// same bytes each went at half the speed.
    func testTwoSizesOfAPictureOnItsWayShareOneDownload() async throws {
        let pipeline = await MainActor.run { self.pipeline() }
        let tile = Task { try await pipeline.image(for: ImageRequest(url: photo, maximumPixelSize: 240, sizing: .fill)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while pipeline.downloads.reading(for: ImageRequest(url: photo, maximumPixelSize: 240))?.received ?? 0 == 0 {
            guard ContinuousClock.now < deadline else { return XCTFail("the tile's download never began") }
            try await Task.sleep(for: .milliseconds(20))
        }
        let viewer = try await pipeline.image(for: ImageRequest(url: photo, maximumPixelSize: 1024))
        let small = try await tile.value
        XCTAssertEqual(viewer.width, 1024)
        XCTAssertEqual(small.height, 256)
        XCTAssertEqual(server.loopback?.paths["/images/ladybird-2560x1600.jpg"], 1, "one transfer")
        XCTAssertEqual(pipeline.statistics.fetches, 1)
        XCTAssertEqual(pipeline.statistics.decodes, 2)
    }

    func testTheViewerSaysHowMuchOfThePictureHasComeUntilItShows() throws {
        try onMain {
            let (viewer, window) = viewerOnScreen(pipeline())
            defer { window.destroy() }
            waitForServer("the download shown halfway", timeout: .seconds(20)) {
                (viewer.image.downloadShown?.fraction ?? 0) > 0.3
            }
            let shown = try XCTUnwrap(viewer.image.downloadShown)
            XCTAssertLessThan(shown.fraction, 1)
            XCTAssertTrue(shown.text.hasPrefix("Downloading: "), shown.text)
            XCTAssertTrue(shown.text.hasSuffix(" of 334 kB"), shown.text)
            XCTAssertTrue(viewer.image.downloadLabel.isMapped, "the words are on screen")
            XCTAssertEqual(viewer.image.downloadBar.accessibleName, shown.text, "a screen reader reads them on the bar")
            waitForServer("the picture fitted", timeout: .seconds(20)) { viewer.image.viewport != nil }
            waitFor("the bubble gone") { viewer.image.downloadShown == nil }
            XCTAssertEqual(DownloadProgressTicker.shared.watching, 0, "nothing left watched")
        }
    }
}

/// The same on loopback at full speed: the pictures come before any bar would show.
final class FastDownloadTests: ServerBackedTestCase {
    func testOnAFastLinkNoBarShows() throws {
        try onMain {
            let pipeline = ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder(processes: DecoderProcesses())])
            let views = (0..<6).map { _ in ImageView(pipeline: pipeline) }
            let box = Box(.vertical)
            for view in views {
                view.picture.setSizeRequest(width: 120, height: 120)
                box.append(view.picture)
            }
            let window = Window()
            window.add(box)
            window.showAll()
            defer { window.destroy() }
            waitFor("the tiles on screen") { views.allSatisfy(\.picture.isMapped) }
            var barsSeen = 0
            for (index, view) in views.enumerated() {
                view.bind(ImageRequest(url: server.url("synthetic/\(index)/400x400.jpg"), maximumPixelSize: 120))
            }
            waitForServer("the pictures") {
                barsSeen += views.filter { $0.picture.progress != nil }.count
                return views.allSatisfy(\.showsImage)
            }
            XCTAssertEqual(barsSeen, 0, "no bar flashed")
            XCTAssertEqual(DownloadProgressTicker.shared.watching, 0)
        }
    }
}
