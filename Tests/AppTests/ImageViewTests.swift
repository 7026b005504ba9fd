@testable import App
import TestSupport
import Foundation
import Gtk
import ImagePipeline
import HelperClients
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
            let pipeline = ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()])
            let first = ImageView(pipeline: pipeline), second = ImageView(pipeline: pipeline)
            let window = window(with: [first.picture, second.picture])
            defer { window.destroy() }
            first.bind(request("images/raindrops-800x800.jpg"))
            XCTAssertEqual(first.content, .icon(ImageView.placeholderIcon))
            waitForServer("the image") { first.content == .image(width: 128, height: 128) }
            second.bind(request("images/raindrops-800x800.jpg"))
            XCTAssertEqual(second.content, .image(width: 128, height: 128), "a memory hit never flashes a placeholder")
        }
    }

    /// A tile resized with the window asks for its picture at the new size; the old one shows
    /// until then (the screenshot mode caught gallery tiles showing placeholders after a resize).
    func testTheSamePictureAtANewSizeKeepsTheOldOneUntilTheNewArrives() throws {
        try onMain {
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()]))
            let window = window(with: [view.picture])
            defer { window.destroy() }
            view.bind(request("images/raindrops-800x800.jpg", size: 64))
            waitForServer("the small image") { view.content == .image(width: 64, height: 64) }
            view.bind(request("images/raindrops-800x800.jpg", size: 256))
            XCTAssertEqual(view.content, .image(width: 64, height: 64), "the old size shows, not the placeholder")
            waitForServer("the new size") { view.content == .image(width: 256, height: 256) }
            view.bind(request("images/dune-1200x800.jpg", size: 256))
            XCTAssertEqual(view.content, .icon(ImageView.placeholderIcon), "another picture starts from the placeholder")
        }
    }

    func testRebindingCancelsTheOldLoadAndNeverShowsItsResult() throws {
        try onMain {
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()]))
            let window = window(with: [view.picture])
            defer { window.destroy() }
            view.bind(request("bad/slow-drip"))
            waitForServer("the slow transfer") { activeTransfers == 1 }
            view.bind(request("images/dune-1200x800.jpg"))
            waitForServer("the second image") { view.content == .image(width: 128, height: 85) }
            waitForServer("the first transfer to be cancelled") { activeTransfers == 0 }
            XCTAssertEqual(view.content, .image(width: 128, height: 85))
        }
    }

    func testUnmappingCancelsAndMappingAgainResumes() throws {
        try onMain {
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()]))
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
            let view = ImageView(pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()]))
            let window = window(with: [view.picture])
            defer { window.destroy() }
            view.bind(request("bad/404"))
            waitForServer("the broken-image icon") { view.content == .icon(ImageView.brokenIcon) }
        }
    }
}
