@testable import App
import Domain
import FixtureServer
import Foundation
import GRDB
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// The chat's layout and keys: the detail beside it, narrowed rows, the keyboard, the newest.
final class MessagesLayoutTests: MessagesTestCase {
    /// A wide window: a message's detail opens beside the chat, fades in, and its delete closes
    /// the pane and removes the message with the chat still at the bottom. Resizing across the
    /// line moves an open detail between pane and page, its fade's end state kept.
    func testInAWideWindowTheDetailIsBesideTheChatAndMovesToAPageWhenNarrowed() throws {
        try onMain {
            let (app, page) = try openMessages(width: 1400, height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = try XCTUnwrap(main.coordinator(for: .messages) as? MessagesCoordinator)
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes }
            waitFor("the view at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }
            waitFor("the third message's row") { page.rows.contains { $0.message.origin == .server(number: 3) } }

            let third = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 3) })
            let opened = ContinuousClock.now
            activate(third)
            waitFor("the detail in the pane") { coordinator.detail?.message.origin == .server(number: 3) }
            let detail = try XCTUnwrap(coordinator.detail)
            XCTAssertEqual(coordinator.depth, 1, "nothing pushed: the chat stays")
            XCTAssertEqual(main.headerBar.title, "Message 3")
            XCTAssertTrue(third.view.showsSelected, "the row of the message beside the chat shows as selected")
            XCTAssertFalse(page.rows.contains { $0 !== third && $0.view.showsSelected }, "and no other")
            waitFor("laid out side by side") {
                guard let chat = page.widget.origin(in: main.window), let pane = coordinator.pane.origin(in: main.window) else { return false }
                return coordinator.pane.allocation.width > 300 && chat.x + page.widget.allocation.width <= pane.x
            }
            XCTAssertTrue(page.widget.isMapped && detail.widget.isMapped, "both visible")
            waitFor("the chat still at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }
            waitFor("full opacity", timeout: .seconds(3)) { detail.fadingElements.allSatisfy { $0.opacity >= 0.999 } }
            XCTAssertGreaterThan(ContinuousClock.now - opened, .milliseconds(800), "the elements fade in over about a second")

            // Narrowed, the detail becomes a page as it is, and widened, the pane again.
            main.window.resize(width: 600, height: 900)
            waitFor("a page", timeout: .seconds(5)) { !coordinator.showsPanes && coordinator.depth == 2 }
            XCTAssertTrue(coordinator.topPage === detail)
            XCTAssertTrue(detail.fadingElements.allSatisfy { $0.opacity >= 0.999 }, "the fade's end state kept")
            main.window.resize(width: 1400, height: 900)
            waitFor("the pane again", timeout: .seconds(5)) { coordinator.showsPanes && coordinator.paneDetail === detail }
            XCTAssertEqual(coordinator.depth, 1)

            detail.deleteButton.click()
            waitFor("the pane closed without the message") {
                coordinator.paneDetail == nil && !page.rows.contains { $0.message.origin == .server(number: 3) }
            }
            XCTAssertFalse(main.backButton.isVisible)
            waitFor("the chat at the bottom") { page.adjustment.value >= page.adjustment.maximumValue - 1 }

            // Escape closes the pane; the focus goes back to the message's row.
            let fifth = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 5) })
            activate(fifth)
            waitFor("the detail in the pane") { coordinator.detail?.message.origin == .server(number: 5) }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the pane closed") { coordinator.paneDetail == nil }
            waitFor("the focus back on the row") { page.grid.cell(for: .server(number: 5))?.view.isFocusWidget == true }
            XCTAssertFalse(page.rows.contains { $0.view.showsSelected }, "no row selected once the pane closed")
        }
    }

    /// Narrowed to 360 px right after a detail pane closed (two widths in a row), where bubbles
    /// wrap to more lines, rows take their new heights: none overlaps the next, and none keeps
    /// the height of a narrower width passed on the way (a gap under a one-line bubble).
    func testNarrowedRowsTakeTheirNewHeightsWithoutOverlapping() throws {
        try onMain {
            // As the screenshot mode runs, with animations off.
            let theme = ThemeSettings(), animations = theme.animationsEnabled
            theme.animationsEnabled = false
            defer { theme.animationsEnabled = animations }
            let (app, page) = try openMessages(width: 1100, height: 760)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = try XCTUnwrap(main.coordinator(for: .messages) as? MessagesCoordinator)
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the newest row") { page.rows.contains { $0.message.origin == .server(number: 1) } }
            activate(try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 1) }))
            waitFor("the detail page") { coordinator.depth == 2 }
            coordinator.popToRoot()
            main.window.resize(width: 1400, height: 900)
            waitFor("the panes", timeout: .seconds(5)) { coordinator.showsPanes }
            waitFor("the newest row") { page.rows.contains { $0.message.origin == .server(number: 1) } }
            activate(try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 1) }))
            waitFor("the detail in the pane") { coordinator.paneDetail != nil }
            var frames = 0
            let counting = main.window.addTickCallback { _ in frames += 1; return true }
            waitFor("laid out with the pane") { frames >= 3 }
            main.window.removeTickCallback(counting)
            coordinator.popToRoot()
            for _ in 0..<2 { // the sidebar folds after the first, which lets the window narrow further
                main.window.resize(width: 360, height: 760)
                waitFor("the window narrow") { main.window.size.width <= 420 }
            }
            waitFor("the window at 360", timeout: .seconds(5)) { main.window.size.width == 360 }
            XCTAssertEqual(main.window.size.width, 360, "the width the window kept") // says it when the wait above failed
            @MainActor func overlaps() -> [String] {
                let rows = page.rows.compactMap { row in page.grid.index(of: row.message.id).map { (row, $0) } }.sorted { $0.1 < $1.1 }
                var found: [String] = []
                for (first, second) in zip(rows, rows.dropFirst()) {
                    guard let top = first.0.view.origin(in: main.window), let next = second.0.view.origin(in: main.window) else { continue }
                    let height = first.0.view.allocation.height
                    let needed = first.0.view.minimumHeight(forWidth: first.0.view.allocation.width)
                    // The row's content (what it would ask without the grid's size request).
                    let content = first.0.revealer.preferredHeight(forWidth: first.0.view.allocation.width)
                    if top.y + height > next.y || height < needed || height > content + 1 {
                        found.append("\(first.0.message.origin): \(top.y)+\(height) (needs \(needed), content \(content)), next at \(next.y)")
                    }
                }
                return found
            }
            var drawn = 0
            let tick = main.window.addTickCallback { _ in drawn += 1; return true }
            waitFor("a frame") { drawn >= 1 }
            main.window.removeTickCallback(tick)
            XCTAssertEqual(overlaps(), [], "rows keep apart at 360 px")
        }
    }

    func testDetailFadesInAndDeletesLocalAndLoadedMessages() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            page.entry.text = "Mine"
            // A paper plane, as chat apps show Send (the theme's mail-send is a tray).
            XCTAssertEqual(page.composer.sendButton.iconName, "tessera-send-symbolic")
            XCTAssertTrue(Application.hasIcon("tessera-send-symbolic"), "the app's send icon is found")
            page.composer.sendButton.click()
            waitFor("the sent row") { page.rows.last?.message.text == "Mine" }
            let coordinator = main.coordinator(for: .messages)

            // A loaded message: hidden for the session; paging goes on from the right offset.
            let third = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 3) })
            activate(third)
            waitFor("the detail page") { coordinator.depth == 2 }
            let detail = try XCTUnwrap(coordinator.topPage as? MessageDetailPage)
            XCTAssertEqual(main.headerBar.title, "Message 3")
            XCTAssertTrue(detail.fadingElements.allSatisfy { $0.opacity < 0.2 }, "elements start transparent")
            let opened = ContinuousClock.now
            waitFor("full opacity", timeout: .seconds(3)) { detail.fadingElements.allSatisfy { $0.opacity >= 0.999 } }
            XCTAssertGreaterThan(ContinuousClock.now - opened, .milliseconds(800), "the fade takes about a second")
            XCTAssertEqual(detail.text.shownText, third.message.text)
            XCTAssertTrue(detail.timeLabel.text.hasPrefix("Received"))
            detail.deleteButton.click()
            waitFor("back at the list without it") {
                coordinator.depth == 1 && !page.rows.contains { $0.message.origin == .server(number: 3) }
            }

            // A local message: deleted from the database too.
            let mine = try XCTUnwrap(page.rows.last)
            activate(mine)
            waitFor("the detail page") { coordinator.depth == 2 }
            let ownDetail = try XCTUnwrap(coordinator.topPage as? MessageDetailPage)
            XCTAssertTrue(ownDetail.timeLabel.text.hasPrefix("Sent"))
            ownDetail.deleteButton.click()
            waitFor("gone") { coordinator.depth == 1 && !page.rows.contains { $0.message.isLocal } }
            let store = LocalMessageStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
            let left = LockedValue<Int>()
            Task.detached { left.set((try? await store.all().count) ?? -1) }
            waitForServer("the database read") { left.get() != nil }
            XCTAssertEqual(left.get(), 0)

            // Older pages keep numbering and chronology.
            page.adjustment.value = 0
            waitFor("the next page", timeout: .seconds(10)) { numbers(page).count >= 39 }
            XCTAssertEqual(numbers(page), Array((1...40).reversed()).filter { $0 != 3 })

            // Escape closes the detail without deleting.
            activate(page.rows.last!)
            waitFor("the detail page") { coordinator.depth == 2 }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back") { coordinator.depth == 1 }
            XCTAssertEqual(numbers(page).count, 39)
        }
    }

    // MARK: Keyboard and the jump to the latest message

    func testTheKeysWalkTheMessagesAndTheFocusSurvivesRecycling() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count >= 20 && newestRow(page)?.view.isMapped == true }
            @MainActor func focusedNumber() -> Int? {
                guard case .server(let number)? = page.grid.focusedCell?.message.origin else { return nil }
                return number
            }
            let newest = try XCTUnwrap(newestRow(page))
            newest.view.grabFocus()
            waitFor("message 1 focused") { focusedNumber() == 1 }
            // Up walks to older messages, the view following, pages loading as it nears the top.
            for expected in 2...40 {
                // At the oldest message loaded, Up keeps the focus there until the older page is in.
                var presses = 0
                while focusedNumber() != expected {
                    presses += 1
                    guard presses < 20 else { return XCTFail("message \(expected) never focused (at \(focusedNumber() ?? 0))") }
                    waitFor("no page loading", timeout: .seconds(10)) { page.model.state.paging != .loading }
                    XCTAssertTrue(InputSimulation.key("Up", on: main.window))
                    _ = GtkRuntime.iterate(until: { focusedNumber() == expected }, timeout: .seconds(1))
                }
                let row = try XCTUnwrap(page.grid.focusedCell)
                let index = try XCTUnwrap(page.grid.index(of: row.message.id))
                let frame = page.grid.layout.frame(at: index)
                XCTAssertGreaterThanOrEqual(frame.y, page.adjustment.value - 1, "message \(expected) is in view")
                XCTAssertLessThanOrEqual(frame.y + frame.height, page.adjustment.value + page.adjustment.pageSize + 1)
            }
            XCTAssertEqual(page.grid.focusedCell?.view.accessibleName.hasPrefix("Message 40: "), true)
            // Far from message 40, its row is kept for it; back in view, it still has the focus.
            let focused = try XCTUnwrap(page.grid.focusedCell)
            page.adjustment.value = page.adjustment.upper - page.adjustment.pageSize
            waitFor("the bottom in view") { newestRow(page)?.view.isMapped == true }
            XCTAssertTrue(page.grid.focusedCell === focused, "the focused row was not recycled")
            XCTAssertTrue(focused.view.isFocusWidget)
            XCTAssertEqual(focusedNumber(), 40)
            // Home: the oldest message loaded, asking for older pages as it goes.
            var presses = 0
            while page.topState != "end" {
                presses += 1
                guard presses < 30 else { return XCTFail("never reached the beginning") }
                let oldest = try XCTUnwrap(page.grid.items.first)
                XCTAssertTrue(InputSimulation.key("Home", on: main.window))
                // It is focused, and being at the top, the next older page comes (or the beginning).
                waitFor("the oldest loaded focused, and older ones loaded", timeout: .seconds(10)) {
                    page.grid.focusedCell?.message.id == oldest.id && page.model.state.paging != .loading
                        && (page.grid.items.first?.id != oldest.id || page.topState == "end")
                }
            }
            XCTAssertEqual(focusedNumber(), 200)
            XCTAssertTrue(page.beginning.isMapped)
            // End: back to the newest.
            XCTAssertTrue(InputSimulation.key("End", on: main.window))
            waitFor("message 1 focused again") { focusedNumber() == 1 }
            XCTAssertEqual(page.adjustment.value, page.adjustment.upper - page.adjustment.pageSize, accuracy: 1)
        }
    }

    func testJumpToLatestAppearsWhenFarUpAndBringsTheNewestBack() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count >= 20 && newestRow(page)?.view.isMapped == true }
            XCTAssertFalse(page.unread.jumpButton.isVisible, "hidden at the bottom")
            XCTAssertEqual(page.unread.jumpButton.accessibleName, "Jump to latest message")
            // Two screens up (pages load as the top comes near).
            for _ in 0..<2 {
                page.adjustment.value = max(0, page.adjustment.value - page.adjustment.pageSize)
                waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading }
            }
            waitFor("the button shown") { page.unread.jumpButton.isMapped }
            waitFor("the window active") { main.window.isActive }
            clickWhenSteady(page.unread.jumpButton, in: main.window)
            waitFor("the newest message in view at the bottom") {
                page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1 && newestRow(page)?.view.isMapped == true
            }
            waitFor("the button hidden at the bottom") { !page.unread.jumpButton.isVisible }

            // Ctrl+End does the same from the keyboard, wherever the focus is in the chat.
            page.adjustment.value = max(0, page.adjustment.value - 3 * page.adjustment.pageSize)
            waitFor("the button shown again", timeout: .seconds(10)) { page.unread.jumpButton.isMapped && page.model.state.paging != .loading }
            XCTAssertFalse(newestRow(page)?.view.isMapped == true, "the newest message is out of view")
            page.entry.grabFocus()
            XCTAssertTrue(InputSimulation.key("End", modifiers: [.control], on: main.window))
            waitFor("the newest message in view after Ctrl+End") {
                page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1 && newestRow(page)?.view.isMapped == true
            }
            waitFor("the button hidden after Ctrl+End") { !page.unread.jumpButton.isVisible }

            // A send while scrolled up ends at the bottom too, with the button hidden.
            page.adjustment.value = max(0, page.adjustment.value - 2 * page.adjustment.pageSize)
            waitFor("the button shown again", timeout: .seconds(10)) { page.unread.jumpButton.isMapped }
            page.entry.grabFocus()
            page.entry.text = "Back at the bottom"
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the sent message at the bottom", timeout: .seconds(10)) {
                newestRow(page)?.message.text == "Back at the bottom" && newestRow(page)?.view.isMapped == true
                    && page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1
            }
            waitFor("the button hidden") { !page.unread.jumpButton.isVisible }
        }
    }

    /// Deep in the history (100 pages, 2,000 messages loaded), only the rows near the view have
    /// widgets; three more pages go on top without moving the message in view by more than a pixel
    /// in any drawn frame; a narrower window keeps the message at the top of the view where it was.
    func testAtDepthPrependsAndResizesDoNotMoveTheView() throws {
        try onMain {
            stop(server)
            server = try startServer { $0.messageCount = 2_200 }
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { loaded(page) >= 20 && page.model.state.paging != .loading }
            // A hundred pages, each asked for by going to the top.
            while loaded(page) < 2_000 {
                let count = loaded(page)
                page.adjustment.value = 0
                waitFor("page \(count / 20 + 1)", timeout: .seconds(10)) { loaded(page) > count && page.model.state.paging != .loading }
            }
            // The widgets in the list, counted in GTK: the paging indicator and a row for each
            // message within a screen of the view (rows of one line are 56 px), and a few spares.
            page.adjustment.value = page.adjustment.pageSize * 20
            waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading && page.grid.isLoaded }
            let rowsNear = Int(3 * page.adjustment.pageSize / 56) + 2
            XCTAssertLessThanOrEqual(page.grid.canvas.childCount, rowsNear + 4, "widgets for three screens of rows, not 2,000")
            XCTAssertEqual(page.grid.canvas.childCount, page.grid.cellsMade + 1, "every widget in the list is a row or the indicator")
            for row in page.rows {
                let index = try XCTUnwrap(page.grid.index(of: row.message.id))
                let frame = page.grid.layout.frame(at: index)
                XCTAssertTrue(frame.y + frame.height >= page.adjustment.value - page.adjustment.pageSize - 1
                                && frame.y <= page.adjustment.value + 2 * page.adjustment.pageSize + 1,
                              "\(row.message.accessibleName.prefix(14)) has a row but is more than a screen from the view")
            }
            var drawn: [Int] = []
            var watched: MessageRow?
            let connection = page.scroller.onDrawn {
                if let watched, let y = watched.view.origin(in: page.scroller)?.y { drawn.append(y) }
            }
            defer { page.scroller.disconnect(connection) }
            for _ in 0..<3 {
                let count = loaded(page)
                page.adjustment.value = 0
                let (row, y0) = try XCTUnwrap(firstVisibleRow(page))
                watched = row
                drawn.removeAll()
                waitFor("the next page", timeout: .seconds(10)) { loaded(page) > count && page.model.state.paging != .loading && !drawn.isEmpty }
                let frames = drawn.count
                waitFor("a frame drawn after it") { drawn.count > frames }
                XCTAssertTrue(page.grid.cell(for: row.message.id) === row, "the row in view kept its widget")
                let moved = drawn.map { abs($0 - y0) }.max() ?? 0
                XCTAssertLessThanOrEqual(moved, 1, "the row in view moved at \(count) messages: \(y0) → \(drawn)")
            }
            // A narrower window: rows wrap taller, the message at the top of the view stays there.
            page.adjustment.value = page.adjustment.value + page.adjustment.pageSize * 3
            waitFor("the scroll settled", timeout: .seconds(10)) { page.model.state.paging != .loading && page.grid.isLoaded }
            let (top, topY) = try XCTUnwrap(firstVisibleRow(page))
            main.window.resize(width: 560, height: 600)
            waitFor("the narrower layout drawn") { page.grid.layout.width < 500 && page.grid.isLoaded }
            var settled = 0
            let tick = main.window.addTickCallback { _ in settled += 1; return true }
            waitFor("two frames at the new width") { settled > 2 }
            main.window.removeTickCallback(tick)
            let index = try XCTUnwrap(page.grid.index(of: top.message.id))
            let y = page.grid.layout.frame(at: index).y - page.adjustment.value
            XCTAssertEqual(y, Double(topY), accuracy: 1, "the message at the top stayed there")
        }
    }

    /// The composer's first button starts where the chat's avatars do: one 12 px inset down the section.
    func testTheComposerLinesUpWithTheChat() throws {
        try onMain {
            let (app, page) = try openMessages()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitForServer("the chat settled", timeout: .seconds(10)) { page.isSettled && page.grid.cellsInView.contains { !$0.message.isLocal } }
            let row = try XCTUnwrap(page.grid.cellsInView.first { !$0.message.isLocal })
            waitFor("laid out") { row.avatar.widget.origin(in: page.widget) != nil && page.composer.attachButton.allocation.width > 1 }
            XCTAssertEqual(page.composer.attachButton.origin(in: page.widget)?.x, row.avatar.widget.origin(in: page.widget)?.x)
        }
    }
}
