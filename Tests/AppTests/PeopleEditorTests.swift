@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// Editing a person's name, on a page or in the pane beside the list.
final class PeopleEditorTests: PeopleTestCase {
    func testEditingSavesThroughTheDatabaseWithoutBlockingAndRefusesBlankNames() throws {
        try onMain {
            let (app, page) = try openPeople(renameDelay: .milliseconds(600))
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.coordinator(for: .people)
            let kyle = try row(named: "Kyle", in: page)
            kyle.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyle.view))
            waitFor("the edit page") { coordinator.depth == 2 }
            let edit = try XCTUnwrap(coordinator.topPage as? PersonEditPage)
            XCTAssertEqual(edit.entry.text, "Kyle", "the entry holds the current name")
            waitFor("the entry focused") { edit.entry.isFocusWidget }
            XCTAssertEqual(main.headerBar.title, "Edit Kyle")

            edit.entry.text = "Kylie"
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the list") { coordinator.depth == 1 }
            // The write takes 600 ms; the main loop keeps drawing meanwhile.
            var frames = 0
            let tick = main.window.addTickCallback { _ in frames += 1; return true }
            waitFor("frames while the write is pending") { frames >= 5 }
            XCTAssertEqual(kyle.nameLabel.text, "Kyle", "the row changes when the write commits, through observation")
            waitForServer("the observed rename", timeout: .seconds(5)) { kyle.nameLabel.text == "Kylie" }
            main.window.removeTickCallback(tick)
            XCTAssertEqual(kyle.view.accessibleName.hasPrefix("Kylie, avatar"), true)

            // A blank name is refused with a message; the old name stays.
            kyle.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyle.view))
            waitFor("the edit page again") { coordinator.depth == 2 }
            let second = try XCTUnwrap(coordinator.topPage as? PersonEditPage)
            XCTAssertEqual(second.entry.text, "Kylie")
            second.entry.text = "   "
            main.backButton.click()
            waitFor("back at the list") { coordinator.depth == 1 }
            waitFor("the notice") { page.isNoticeVisible }
            XCTAssertEqual(page.notice.text, "A name cannot be empty. “Kylie” was kept.")
            XCTAssertEqual(kyle.nameLabel.text, "Kylie")
            closeAndFinish(app)
        }
    }

    /// A name typed just before the window closes is written before the app exits: the exit is
    /// held until the write commits, even when it takes longer than the avatar downloads.
    func testANameTypedAsTheWindowClosesIsWrittenBeforeTheAppExits() throws {
        try onMain {
            let (app, page) = try openPeople(renameDelay: .milliseconds(800))
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.coordinator(for: .people)
            waitForServer("avatars in view", timeout: .seconds(10)) { page.isSettled }
            let kyle = try row(named: "Kyle", in: page)
            kyle.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyle.view))
            waitFor("the edit page") { coordinator.depth == 2 }
            let edit = try XCTUnwrap(coordinator.topPage as? PersonEditPage)
            waitFor("the entry focused") { edit.entry.isFocusWidget }
            edit.entry.text = "Kyle at Closing"

            main.window.close()
            waitFor("the window closed") { !main.window.isVisible }
            XCTAssertTrue(app.isFinishingBeforeExit, "the exit waits")
            waitForServer("the exit released", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
            XCTAssertEqual(try storedPeople().first { $0.id == kyle.person.id }?.name, "Kyle at Closing", "written before the exit was let go")
            main.window.destroy()
        }
    }

    /// A wide window: the editor opens beside the list, follows the selection (a click, the arrow
    /// keys), saves the person left behind through the database, and closes with Escape, the
    /// focus back on the row.
    func testInAWideWindowTheEditorIsBesideTheListAndFollowsTheSelection() throws {
        try onMain {
            let (app, page) = try openPeople(width: 1400, height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = try XCTUnwrap(main.coordinator(for: .people) as? PeopleCoordinator)
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes }
            let kyle = try row(named: "Kyle", in: page)
            kyle.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyle.view))
            waitFor("the editor in the pane") { coordinator.editor?.personID == kyle.person.id }
            let editor = try XCTUnwrap(coordinator.editor)
            XCTAssertEqual(coordinator.depth, 1, "nothing pushed: the list stays")
            waitFor("laid out side by side") {
                guard let list = try? self.frame(of: page.widget, in: main.window),
                      let pane = try? self.frame(of: coordinator.pane, in: main.window) else { return false }
                return pane.width > 300 && list.x + list.width <= pane.x
            }
            let list = try frame(of: page.widget, in: main.window), pane = try frame(of: coordinator.pane, in: main.window)
            let editorFrame = try frame(of: editor.entry, in: main.window)
            XCTAssertTrue(pane.x <= editorFrame.x && editorFrame.x + editorFrame.width <= pane.x + pane.width, "the editor is in the pane")
            XCTAssertTrue(page.widget.isMapped && editor.widget.isMapped, "both visible")
            XCTAssertLessThanOrEqual(list.x + list.width, pane.x, "side by side, no overlap: \(list) \(pane)")
            XCTAssertLessThanOrEqual(pane.x + pane.width, main.window.allocatedSize.width)
            XCTAssertGreaterThanOrEqual(list.width, 500)
            XCTAssertEqual(main.headerBar.title, "Edit Kyle")
            XCTAssertTrue(main.backButton.isVisible, "back closes the pane")
            waitFor("the entry focused, opened with Enter") { editor.entry.isFocusWidget }

            // Another person, chosen with the mouse: the first is saved, and the list shows it
            // through the observation.
            editor.entry.text = "Kylie"
            let fifth = page.rows[5]
            XCTAssertTrue(InputSimulation.click(fifth.view, in: main.window))
            waitFor("the fifth in the pane") { coordinator.editor?.personID == fifth.person.id }
            waitForServer("the rename saved and observed", timeout: .seconds(5)) { kyle.nameLabel.text == "Kylie" }
            XCTAssertEqual(coordinator.editor?.entry.text, fifth.person.name)

            // The arrow keys move the selection; the editor follows and the focus stays in the list.
            fifth.view.grabFocus()
            waitFor("the row focused") { fifth.view.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            let sixth = page.rows[6]
            waitFor("the editor follows the selection") { coordinator.editor?.personID == sixth.person.id }
            XCTAssertTrue(sixth.view.isFocusWidget, "the focus stays in the list")

            // Beside the pane a row only chooses: no chevrons; the pane closes from its own corner too.
            XCTAssertTrue(page.rows.allSatisfy { !$0.chevron.isMapped }, "no chevron beside the pane")
            let opened = try XCTUnwrap(coordinator.editor)
            XCTAssertTrue(opened.closeButton.isMapped)
            XCTAssertEqual(opened.closeButton.accessibleName, "Close")

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the pane closed") { coordinator.paneDetail == nil }
            XCTAssertFalse(main.backButton.isVisible)
            XCTAssertTrue(sixth.view.isFocusWidget, "the focus is back on the row")

            XCTAssertTrue(InputSimulation.key("Return", on: sixth.view))
            waitFor("the editor in the pane again") { coordinator.editor?.closeButton.isMapped == true }
            clickWhenSteady(try XCTUnwrap(coordinator.editor).closeButton, in: main.window)
            waitFor("the pane closed by its own button") { coordinator.paneDetail == nil }
            XCTAssertTrue(page.rows.allSatisfy { !$0.chevron.isMapped }, "a wide window's rows open the pane, not a page")
            // Narrow, a row opens a page: the chevrons say so.
            main.window.resize(width: 600, height: 900)
            waitFor("the chevrons in a narrow window", timeout: .seconds(5)) {
                !coordinator.showsPanes && page.rows.prefix(5).allSatisfy { $0.chevron.isMapped }
            }
            closeAndFinish(app)
        }
    }

    /// The editor open when the window closes opens again at the next launch, in the pane of a
    /// wide window, without taking the focus from the list.
    func testTheEditorOpenAtCloseOpensAgainAtTheNextLaunch() throws {
        try onMain {
            let store = makeStore()
            let first = try launch(store: store, backend: server.base, section: .people)
            let main = try XCTUnwrap(first.mainWindow)
            main.window.resize(width: 1400, height: 900)
            let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
            let coordinator = try XCTUnwrap(main.coordinator(for: .people) as? PeopleCoordinator)
            waitFor("the people", timeout: .seconds(10)) { page.grid.items.count == 20 && !page.rows.isEmpty }
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes }
            let kyleRow = try row(named: "Kyle", in: page), kyle = kyleRow.person
            kyleRow.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyleRow.view))
            waitFor("the editor in the pane") { coordinator.editor?.personID == kyle.id }
            main.window.close()
            waitFor("the window closed") { !main.window.isVisible }
            waitForServer("pending downloads to finish", timeout: .seconds(20)) { !first.isFinishingBeforeExit }
            store.flush()
            XCTAssertEqual(store.load().openDetails, ["people": String(kyle.id)])

            let second = try launch(store: store, backend: server.base, section: .people)
            let again = try XCTUnwrap(second.mainWindow)
            defer { again.window.destroy() }
            let reopened = try XCTUnwrap(again.coordinator(for: .people) as? PeopleCoordinator)
            waitFor("the editor open again", timeout: .seconds(10)) { reopened.editor?.personID == kyle.id }
            XCTAssertTrue(reopened.showsPanes, "in the pane of the window as wide as it was")
            XCTAssertEqual(reopened.depth, 1)
            XCTAssertEqual(reopened.editor?.entry.text, "Kyle")

            // Closed with no editor open, the next launch opens none.
            XCTAssertTrue(InputSimulation.key("Escape", on: again.window))
            waitFor("the pane closed") { reopened.paneDetail == nil }
            again.window.close()
            waitFor("the window closed") { !again.window.isVisible }
            waitForServer("pending downloads to finish", timeout: .seconds(20)) { !second.isFinishingBeforeExit }
            store.flush()
            XCTAssertEqual(store.load().openDetails, [:])
        }
    }

    /// The editor's field is a row as wide as the list's rows, in the same column: a form in a
    /// clamp, as GNOME Contacts shows one, not a small box in the middle of the page.
    func testTheEditorsFieldIsAsWideAsTheListsRows() throws {
        try onMain {
            let (app, page) = try openPeople(width: 900, height: 700)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = try XCTUnwrap(main.coordinator(for: .people) as? PeopleCoordinator)
            let kyle = try row(named: "Kyle", in: page)
            waitFor("laid out") { kyle.view.allocation.width > 1 }
            let listRow = try XCTUnwrap(kyle.view.origin(in: page.widget))
            let listWidth = kyle.view.allocation.width
            kyle.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyle.view))
            waitFor("the edit page pushed") { coordinator.depth == 2 }
            let editor = try XCTUnwrap(coordinator.editor)
            waitFor("the field laid out") { editor.form.isMapped && editor.form.allocation.width > 1 }
            XCTAssertEqual(editor.form.origin(in: editor.widget)?.x, listRow.x, "in the list's column")
            XCTAssertEqual(editor.form.allocation.width, listWidth, "as wide as a row of the list")
            XCTAssertGreaterThan(editor.entry.allocation.width, listWidth / 2, "the entry takes the row's room")
            closeAndFinish(app)
        }
    }

    /// A narrow window pushes the editor as before; resizing across the line moves an open editor
    /// between page and pane with the name being typed intact, and back.
    func testResizingMovesTheOpenEditorBetweenPageAndPaneKeepingTheTypedName() throws {
        try onMain {
            let (app, page) = try openPeople(width: 600, height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = try XCTUnwrap(main.coordinator(for: .people) as? PeopleCoordinator)
            waitFor("the window narrow") { main.window.allocatedSize.width <= 700 }
            XCTAssertFalse(coordinator.showsPanes)
            let kyle = try row(named: "Kyle", in: page)
            kyle.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: kyle.view))
            waitFor("the edit page pushed") { coordinator.depth == 2 }
            let editor = try XCTUnwrap(coordinator.editor)
            editor.entry.text = "Kyle the Second"

            main.window.resize(width: 1400, height: 900)
            waitFor("the pane", timeout: .seconds(5)) { coordinator.showsPanes && coordinator.paneDetail != nil }
            XCTAssertEqual(coordinator.depth, 1)
            XCTAssertTrue(coordinator.editor === editor, "the same editor")
            XCTAssertEqual(editor.entry.text, "Kyle the Second", "the typed name intact")
            waitFor("both on screen") { page.widget.isMapped && editor.widget.isMapped }

            main.window.resize(width: 600, height: 900)
            waitFor("a page again", timeout: .seconds(5)) { !coordinator.showsPanes && coordinator.depth == 2 }
            XCTAssertTrue(coordinator.editor === editor)
            XCTAssertEqual(editor.entry.text, "Kyle the Second")
            XCTAssertEqual(kyle.nameLabel.text, "Kyle", "moving is not leaving: nothing saved yet")
            main.backButton.click()
            waitFor("back at the list") { coordinator.depth == 1 }
            waitForServer("the rename saved", timeout: .seconds(5)) { kyle.nameLabel.text == "Kyle the Second" }
            closeAndFinish(app)
        }
    }
}
