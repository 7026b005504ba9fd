@testable import App
import Domain
import Foundation
import Persistence
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// A fact's detail page, in landscape and portrait windows.
final class FactsDetailTests: FactsTestCase {
    /// Opened from the keyboard or the mouse, the detail page selects nothing: the focus is on the
    /// image, and the description can still be selected.
    func testTheDetailOpensWithNothingSelected() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1200, height: 760)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .facts)
            waitFor("the window active") { main.window.isActive }
            for byKey in [true, false] {
                let beavers = try XCTUnwrap(page.cards.first)
                if byKey {
                    beavers.view.grabFocus()
                    XCTAssertTrue(InputSimulation.key("Return", on: beavers.view))
                } else {
                    clickWhenSteady(beavers.view, in: main.window)
                }
                waitFor("the detail page") { coordinator.depth == 2 }
                let detail = try XCTUnwrap(coordinator.topPage as? FactDetailPage)
                waitFor("the page in place") { detail.widget.isMapped && !coordinator.container.transitionRunning }
                waitFor("the focus on the image") { main.window.focusedAccessibleName == "Image of Beavers" }
                XCTAssertNil(detail.description.view.selection, "nothing is selected (\(byKey ? "Enter" : "click"))")
                XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
                waitFor("back on the cards") { coordinator.depth == 1 && !coordinator.container.transitionRunning }
            }
        }
    }

    func testDetailLaysOutThirtySeventyInLandscapeAndStacksInPortrait() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1200, height: 760)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let beavers = try XCTUnwrap(page.cards.first)
            beavers.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: beavers.view))
            let coordinator = main.coordinator(for: .facts)
            waitFor("the detail page") { coordinator.depth == 2 }
            let detail = try XCTUnwrap(coordinator.topPage as? FactDetailPage)
            XCTAssertEqual(main.headerBar.title, "Beavers")
            XCTAssertEqual(detail.description.shownText,
                           "Beavers are second only to humans in how much they reshape the land they live on.")
            waitForServer("the image", timeout: .seconds(10)) { detail.image.content != .icon(ImageView.placeholderIcon) }

            @MainActor func widths() -> (image: Int, text: Int) { (detail.image.picture.allocatedSize.width, detail.text.allocatedSize.width) }
            waitFor("the landscape layout") { detail.arrangement == .landscape && widths().image > 0 }
            let landscape = widths()
            let share = Double(landscape.image) / Double(landscape.image + landscape.text)
            XCTAssertEqual(share, 0.30, accuracy: 0.02, "image:text is 30:70 (\(landscape))")
            let imageOrigin = try XCTUnwrap(detail.image.picture.origin(in: detail.widget))
            let textOrigin = try XCTUnwrap(detail.textColumn.origin(in: detail.widget))
            XCTAssertLessThan(imageOrigin.x, textOrigin.x, "the image is on the left")
            XCTAssertEqual(imageOrigin.y, textOrigin.y)
            // At the top of its column, as tall as the picture there (640 × 427), under the title's heading.
            waitFor("the picture at the top, at its aspect") {
                let picture = detail.image.picture.allocatedSize
                return abs(Double(picture.height) - Double(picture.width) * 427 / 640) <= 2
            }
            XCTAssertTrue(detail.heading.isMapped)
            XCTAssertEqual(detail.heading.text, "Beavers")
            XCTAssertLessThan(try XCTUnwrap(detail.heading.origin(in: detail.widget)).y, try XCTUnwrap(detail.text.origin(in: detail.widget)).y,
                              "the heading above the text")

            // Portrait, wide enough that the sidebar stays (the banner is then as the image's
            // aspect asks, under its cap of 45% of the height).
            main.window.resize(width: 760, height: 1100)
            waitFor("the portrait layout", timeout: .seconds(5)) {
                detail.arrangement == .portrait && (detail.textColumn.origin(in: detail.widget)?.y ?? 0) > 0
            }
            waitFor("the banner sized") {
                let picture = detail.image.picture.allocatedSize
                return abs(Double(picture.height) - Double(picture.width) * 427 / 640) <= 2
            }
            let banner = detail.image.picture.allocatedSize
            XCTAssertEqual(banner.width, detail.text.allocatedSize.width, "banner and text share the width")
            XCTAssertEqual(detail.textColumn.origin(in: detail.widget)?.y, banner.height, "the title and description are below the banner")

            main.window.resize(width: 1200, height: 760)
            waitFor("landscape again") { detail.arrangement == .landscape && detail.textColumn.origin(in: detail.widget)?.y == 0 }

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the grid") { coordinator.depth == 1 }
            XCTAssertEqual(main.headerBar.subtitle, "About Canada")
        }
    }
}
