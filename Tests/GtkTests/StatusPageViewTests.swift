import CGtk
@_spi(SimulatedInput) import Gtk
import SimulatedInput
import XCTest

/// The status page shows what a person reads in an empty or failed state: its title and
/// description as labels on screen, and no empty line where there is no description; a screen
/// reader gets both from the page (ATK lists none of its internal labels).
final class StatusPageViewTests: GtkTestCase {
    func testTheTitleAndDescriptionShowAndAnEmptyDescriptionDoesNot() throws {
        try onMain {
            let window = Window()
            let page = StatusPageView(iconName: "edit-find-symbolic", title: "No one found", description: "Escape shows everyone again.")
            window.add(page)
            window.setDefaultSize(width: 600, height: 500)
            window.showAll()
            defer { window.destroy() }
            try Self.drawFrame(window)
            XCTAssertEqual(ShownLabels.texts(under: page), ["No one found", "Escape shows everyone again."])
            XCTAssertEqual(Self.spoken(page), ["No one found", "Escape shows everyone again."])
            page.details = ""
            try Self.drawFrame(window)
            XCTAssertEqual(ShownLabels.texts(under: page), ["No one found"])
            page.title = "Nothing here"
            try Self.drawFrame(window)
            XCTAssertEqual(ShownLabels.texts(under: page), ["Nothing here"])
            XCTAssertEqual(Self.spoken(page), ["Nothing here", ""])
        }
    }

    /// The name and description ATK gives for `widget`.
    @MainActor
    private static func spoken(_ widget: Widget) -> [String] {
        let accessible = gtk_widget_get_accessible(widget.gtkWidget)
        return [atk_object_get_name(accessible), atk_object_get_description(accessible)].map { $0.map { String(cString: $0) } ?? "" }
    }
}
