@testable import App
import Composition
import Foundation
import Gtk
import Persistence
import ImagePipeline
import SimulatedInput
import XCTest

/// `tessera --view PICTURE`: the launch opens the picture in the viewer over the section shown,
/// a file with the pictures beside it in its folder, browsed with Left and Right.
final class ViewOpeningTests: ServerBackedTestCase {
    /// A folder of pictures that are none of the gallery's kept ones, and a text file among them.
    private func folderOfPictures() throws -> URL {
        let folder = dataDirectory.appendingPathComponent("holiday")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let media = try XCTUnwrap(AppPaths.sourceTreeItem("data/media"))
        for (name, source) in [("Dune 2.jpg", "dune-1200x800.jpg"), ("Butterfly.png", "butterfly-600x400.png"),
                               ("dune 10.jpg", "garden-1600x1200.jpg")] {
            try FileManager.default.copyItem(at: media.appendingPathComponent(source), to: folder.appendingPathComponent(name))
        }
        try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        return folder
    }

    func testAFileOpensInTheViewerWithThePicturesBesideIt() throws {
        let folder = try folderOfPictures()
        try onMain {
            let app = try launch(section: .people, opening: folder.appendingPathComponent("Dune 2.jpg"))
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .people)
            waitFor("the viewer", timeout: .seconds(5)) { coordinator.topPage is ViewerPage }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            // The folder's pictures in a file manager's order (numbers by value), the text left out.
            XCTAssertEqual(viewer.items.map(\.name), ["Butterfly.png", "Dune 2.jpg", "dune 10.jpg"])
            XCTAssertEqual(main.headerBar.title, "Dune 2.jpg")
            waitForServer("the picture, sharp", timeout: .seconds(20)) { viewer.image.isSharp && viewer.image.isSettled || viewer.image.failure != nil }
            XCTAssertNil(viewer.image.failure, "a file the person opened is read wherever it is")
            XCTAssertEqual(viewer.image.picture.paintedSize.map { abs($0.width * 2 - $0.height * 3) <= 3 }, true,
                           "the 1200 × 800 picture is shown: \(String(describing: viewer.image.picture.paintedSize))")

            // Keys through the main window, as a person presses them.
            XCTAssertTrue(InputSimulation.key("Right", on: main.window))
            waitFor("the next picture") { main.headerBar.title == "dune 10.jpg" }
            XCTAssertTrue(InputSimulation.key("Left", on: main.window))
            XCTAssertTrue(InputSimulation.key("Left", on: main.window))
            waitFor("the first picture") { main.headerBar.title == "Butterfly.png" }
            waitForServer("its picture", timeout: .seconds(20)) { viewer.image.isSharp && viewer.image.isSettled || viewer.image.failure != nil }
            XCTAssertNil(viewer.image.failure)
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the section") { coordinator.depth == 1 }
            XCTAssertEqual(main.currentSection, .people)
            XCTAssertEqual(main.headerBar.subtitle, "People")
        }
    }

    func testAWebAddressOpensAlone() throws {
        let address = server.base.appendingPathComponent("images/dune-1200x800.jpg")
        try onMain {
            let app = try launch(opening: address)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the viewer", timeout: .seconds(5)) { main.currentCoordinator.topPage is ViewerPage }
            let viewer = try XCTUnwrap(main.currentCoordinator.topPage as? ViewerPage)
            XCTAssertEqual(viewer.items.map(\.url), [address])
            XCTAssertEqual(main.headerBar.title, "dune-1200x800.jpg")
            waitForServer("the picture, sharp", timeout: .seconds(20)) { viewer.image.isSharp && viewer.image.isSettled || viewer.image.failure != nil }
            XCTAssertNil(viewer.image.failure)
        }
    }

    /// A file not opened by the person (a gallery document naming one) stays unread.
    func testOnlyTheOpenedFolderIsReadable() throws {
        let folder = try folderOfPictures()
        let other = dataDirectory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("Butterfly.png"), to: other.appendingPathComponent("secret.png"))
        try onMain {
            let app = try launch(opening: folder.appendingPathComponent("Butterfly.png"))
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the viewer", timeout: .seconds(5)) { main.currentCoordinator.topPage is ViewerPage }
            let pipeline = app.services.images
            let read = LockedValue<Bool>()
            let secret = other.appendingPathComponent("secret.png"), opened = folder.appendingPathComponent("dune 10.jpg")
            Task.detached {
                let secretRead = (try? await pipeline.data(for: ImageRequest(url: secret, maximumPixelSize: 64))) != nil
                let openedRead = (try? await pipeline.data(for: ImageRequest(url: opened, maximumPixelSize: 64))) != nil
                read.set(!secretRead && openedRead)
            }
            waitForServer("the reads", timeout: .seconds(10)) { read.get() != nil }
            XCTAssertEqual(read.get(), true, "the opened folder's pictures are read, a file elsewhere is not")
        }
    }
}
