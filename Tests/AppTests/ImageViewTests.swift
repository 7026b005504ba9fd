@testable import App
import TestSupport
import Foundation
import Gtk
import ImagePipeline
import Logging
import Networking
import XCTest

/// The widget-side binding of the image pipeline, in a real window, against the real server.
final class ImageViewTests: ServerBackedTestCase {
    private func request(_ path: String, size: Int = 128) -> ImageRequest {
        ImageRequest(url: server.url(path), maximumPixelSize: size)
    }

    private var activeTransfers: Int { server.loopback?.activeTransfers ?? 0 }

    @MainActor
    private func window(with pictures: [Picture]) -> Window {
        let window = Window()
        let box = Box(.vertical)
        pictures.forEach { box.append($0) }
        window.add(box)
        window.setDefaultSize(width: 300, height: 400)
        window.showAll()
        waitFor("the window on screen") { pictures.allSatisfy(\.isMapped) }
        return window
    }

    func testAMissShowsThePlaceholderThenTheImageAndAHitShowsAtOnce() throws {
        try onMain {
            let pipeline = ImagePipeline(client: CurlHTTPClient())
            let first = ImageView(pipeline: pipeline), second = ImageView(pipeline: pipeline)
            let window = window(with: [first.picture, second.picture])
            defer { window.destroy() }
            first.bind(request("images/square-800x800.jpg"))
            XCTAssertEqual(first.content, .icon(ImageView.placeholderIcon))
            waitForServer("the image") { first.content == .image(width: 128, height: 128) }
            second.bind(request("images/square-800x800.jpg"))
            XCTAssertEqual(second.content, .image(width: 128, height: 128), "a memory hit never flashes a placeholder")
        }
    }

    func testRebindingCancelsTheOldLoadAndNeverShowsItsResult() throws {
        try onMain {
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient()))
            let window = window(with: [view.picture])
            defer { window.destroy() }
            view.bind(request("bad/slow-drip"))
            waitForServer("the slow transfer") { activeTransfers == 1 }
            view.bind(request("images/dunes-1200x800.jpg"))
            waitForServer("the second image") { view.content == .image(width: 128, height: 85) }
            waitForServer("the first transfer to be cancelled") { activeTransfers == 0 }
            XCTAssertEqual(view.content, .image(width: 128, height: 85))
        }
    }

    func testUnmappingCancelsAndMappingAgainResumes() throws {
        try onMain {
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient()))
            let window = window(with: [view.picture])
            defer { window.destroy() }
            view.bind(request("bad/slow-drip"))
            waitForServer("the transfer") { activeTransfers == 1 }
            window.hide()
            waitForServer("the transfer to be cancelled on unmap") { activeTransfers == 0 }
            XCTAssertEqual(view.content, .icon(ImageView.placeholderIcon))
            window.showAll()
            waitForServer("the load to resume on map") { activeTransfers == 1 }
            view.bind(nil)
            waitForServer("the transfer to stop") { activeTransfers == 0 }
        }
    }

    func testADeadLinkShowsTheBrokenImage() throws {
        try onMain {
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient()))
            let window = window(with: [view.picture])
            defer { window.destroy() }
            view.bind(request("bad/404"))
            waitForServer("the broken-image icon") { view.content == .icon(ImageView.brokenIcon) }
        }
    }

    /// What the screen shows of a picture: an image decoded at the area's size is painted pixel for
    /// pixel; one a few pixels larger than a filled area is centred, not scaled; one of another
    /// size is scaled to fit, whole.
    func testPicturesPaintTheDecodedPixelsOnScreen() throws {
        try onMain {
            let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("data/media")
            let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: media.path).sorted().first { $0.hasSuffix(".jpg") })
            let image = try PixbufImageDecoder().decode(Data(contentsOf: media.appendingPathComponent(file)), maximumPixelSize: 120, filling: true)
            XCTAssertGreaterThanOrEqual(image.width, 120)
            XCTAssertGreaterThanOrEqual(image.height, 90)
            let exact = Picture(), cropped = Picture(scaling: .fill), fitted = Picture(scaling: .fit)
            exact.setSizeRequest(width: image.width, height: image.height)
            cropped.setSizeRequest(width: image.width - 4, height: image.height - 4)
            fitted.setSizeRequest(width: image.width * 2, height: image.height * 2)
            for picture in [exact, cropped, fitted] {
                picture.halign = .start
                picture.show(image)
            }
            let window = window(with: [exact, cropped, fitted])
            defer { window.destroy() }
            waitFor("laid out") { fitted.allocation.width == image.width * 2 && cropped.allocation.width == image.width - 4 }
            var drawn = false
            window.onNextDraw { drawn = true }
            window.queueDraw()
            waitFor("a frame drawn") { drawn }
            let screen = try XCTUnwrap(Snapshot(onScreen: window))
            @MainActor func onScreen(_ picture: Picture, _ x: Int, _ y: Int) throws -> UInt32 {
                let origin = try XCTUnwrap(picture.origin(in: window))
                return screen.pixel(x: origin.x + x, y: origin.y + y) & 0xFF_FFFF
            }
            for (x, y) in [(0, 0), (image.width - 1, image.height - 1), (64, 64), (37, 71)] {
                XCTAssertEqual(try onScreen(exact, x, y), image.pixel(x: x, y: y) & 0xFF_FFFF, "exact at \(x),\(y)")
            }
            for (x, y) in [(0, 0), (image.width - 5, image.height - 5), (50, 20)] {
                XCTAssertEqual(try onScreen(cropped, x, y), image.pixel(x: x + 2, y: y + 2) & 0xFF_FFFF, "cropped at \(x),\(y)")
            }
            // Scaled to twice the size (bilinear): each pixel lies between the darkest and the
            // lightest of the image's pixels around it, channel by channel.
            for (x, y) in [(20, 20), (100, 50), (61, 33)] {
                let got = try onScreen(fitted, x * 2, y * 2)
                for shift in [0, 8, 16] {
                    let around = (-1...1).flatMap { dy in (-1...1).map { dx in
                        Int((image.pixel(x: x + dx, y: y + dy) >> UInt32(shift)) & 0xFF)
                    } }
                    let value = Int((got >> UInt32(shift)) & 0xFF)
                    XCTAssertTrue((around.min()! - 2)...(around.max()! + 2) ~= value,
                                  "fitted at \(x),\(y): \(value) outside \(around.min()!)...\(around.max()!)")
                }
            }
        }
    }
}
