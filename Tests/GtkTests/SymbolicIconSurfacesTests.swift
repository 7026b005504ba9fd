@testable import Gtk
import XCTest

/// A placeholder icon drawn frame after frame is looked up and recoloured once per colour.
final class SymbolicIconSurfacesTests: GtkTestCase {
    func testAnIconDrawnFrameAfterFrameIsRecolouredOnceAndAnotherColourGetsItsOwn() throws {
        try onMain {
            // A name and a size no other test draws, so the counts are this test's own.
            let name = "face-smile-symbolic", side = 37
            let sheet = try StyleSheet(css: ".icon-probe-red { color: #ff0000; }")
            sheet.install()
            let pictures = (0..<3).map { _ in Picture(iconSize: side) }
            pictures.forEach { $0.showIcon(name) }
            let window = Window()
            defer { window.destroy() }
            let box = Box(.vertical)
            pictures.forEach { picture in
                picture.setSizeRequest(width: 80, height: 80)
                box.append(picture)
            }
            window.add(box)
            window.showAll()
            let before = SymbolicIconSurfaces.loads
            for _ in 0..<5 { try Self.drawFrame(window) }
            XCTAssertEqual(SymbolicIconSurfaces.loads - before, 1, "three pictures, five frames, one icon in one colour")
            pictures[0].addStyleClass("icon-probe-red")
            try Self.drawFrame(window)
            try Self.drawFrame(window)
            XCTAssertEqual(SymbolicIconSurfaces.loads - before, 2, "a picture in another colour gets the icon in its colour")
        }
    }
}
