import CGtk
@_spi(SimulatedInput) import Gtk
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
            XCTAssertEqual(Self.shownLabels(in: page), ["No one found", "Escape shows everyone again."])
            XCTAssertEqual(Self.spoken(page), ["No one found", "Escape shows everyone again."])
            page.details = ""
            try Self.drawFrame(window)
            XCTAssertEqual(Self.shownLabels(in: page), ["No one found"])
            page.title = "Nothing here"
            try Self.drawFrame(window)
            XCTAssertEqual(Self.shownLabels(in: page), ["Nothing here"])
            XCTAssertEqual(Self.spoken(page), ["Nothing here", ""])
        }
    }

    /// The name and description ATK gives for `widget`.
    @MainActor
    private static func spoken(_ widget: Widget) -> [String] {
        let accessible = gtk_widget_get_accessible(widget.gtkWidget)
        return [atk_object_get_name(accessible), atk_object_get_description(accessible)].map { $0.map { String(cString: $0) } ?? "" }
    }

    /// The texts of the labels under `widget` that are drawn (mapped), internal children included.
    @MainActor
    private static func shownLabels(in widget: Widget) -> [String] {
        var texts: [String] = []
        func walk(_ raw: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_mapped(raw) != 0 else { return }
            if tessera_is_a(raw, gtk_label_get_type()) != 0, let text = gtk_label_get_text(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkLabel.self)) {
                let string = String(cString: text)
                if !string.isEmpty { texts.append(string) }
            }
            guard tessera_is_a(raw, gtk_container_get_type()) != 0 else { return }
            var children: [UnsafeMutablePointer<GtkWidget>] = []
            withUnsafeMutablePointer(to: &children) { list in
                gtk_container_forall(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkContainer.self), { child, data in
                    guard let child, let data else { return }
                    data.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
                }, list)
            }
            children.forEach(walk)
        }
        walk(widget.gtkWidget)
        return texts
    }
}
