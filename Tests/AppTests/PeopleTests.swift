@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// The People section in the real app, on a real SQLite file, against a real tessera-server.
final class PeopleTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.avatarDelay = 0.02 } }

    private var avatarPaths: [String] { server.requestedPaths.filter { $0.contains("pre-login-avatars") } }

    @MainActor
    private func openPeople(greets: Bool = false, width: Int = 900, height: Int = 700,
                            renameDelay: Duration = .zero) throws -> (TesseraApp, PeoplePage) {
        let app = try launch(backend: server.base, section: .people, greets: greets, renameDelay: renameDelay)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: width, height: height)
        let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
        waitFor("the people", timeout: .seconds(10)) { page.grid.items.count == 20 && !page.rows.isEmpty }
        return (app, page)
    }

    @MainActor
    private func close(_ app: TesseraApp) {
        app.mainWindow?.window.close()
        waitForServer("pending downloads to finish", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
        app.mainWindow?.window.destroy()
    }

    func testFirstLaunchStoresTwentyPeopleAndWelcomesOnce() throws {
        try onMain {
            let (app, page) = try openPeople(greets: true)
            XCTAssertEqual(page.grid.items.map(\.name), Person.seedNames)
            XCTAssertEqual(page.rows.map(\.nameLabel.text), Array(Person.seedNames.prefix(page.rows.count)), "the rows near the view, in order")
            waitFor("the welcome") { app.welcomeText == "Welcome to Tessera" }
            close(app)

            let (again, page2) = try openPeople(greets: true)
            XCTAssertEqual(page2.grid.items.map(\.name), Person.seedNames)
            XCTAssertEqual(page2.rows.map(\.nameLabel.text), Array(Person.seedNames.prefix(page2.rows.count)), "the rows near the view, in order")
            waitForServer("avatars in view") { page2.isSettled }
            XCTAssertNil(again.welcomeText, "a later launch does not welcome")
            close(again)
        }
    }

    /// A database of random bytes (a damaged disk, a bad copy) is kept aside; the people are
    /// stored again, the welcome shows again, and the user is told in words where the old file is.
    func testADamagedDatabaseIsKeptAsideAndTheAppStartsAfresh() throws {
        try onMain {
            let file = AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            try garbage.write(to: file)
            let (app, page) = try openPeople(greets: true)
            XCTAssertEqual(page.grid.items.map(\.name), Person.seedNames)
            XCTAssertEqual(page.rows.map(\.nameLabel.text), Array(Person.seedNames.prefix(page.rows.count)), "the rows near the view, in order")
            waitFor("the welcome") { app.welcomeText == "Welcome to Tessera" }
            waitFor("the notice") { page.isNoticeVisible }
            let words = try XCTUnwrap(page.notice.text)
            XCTAssertNil(page.notice.label.selection, "the notice does not open selected")
            XCTAssertFalse(page.notice.label.canFocus, "a selectable label is no keyboard stop: it would select all of itself")
            let kept = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                .first { $0.hasPrefix("tessera.sqlite.corrupt-") })
            XCTAssertTrue(words.hasPrefix("The database could not be read (the database file is damaged) and a new one was started."), words)
            XCTAssertTrue(words.contains(file.deletingLastPathComponent().appendingPathComponent(kept).path), words)
            XCTAssertFalse(words.contains("SQLite") || words.contains("sqlite_master"), words)
            XCTAssertEqual(try Data(contentsOf: file.deletingLastPathComponent().appendingPathComponent(kept)), garbage)
            close(app)
        }
    }

    /// A database that cannot be opened (here a folder stands where the file goes) says why, with
    /// Retry, instead of "Loading people…" for ever; Retry opens it once the cause is gone.
    func testADatabaseThatCannotBeOpenedOffersRetry() throws {
        try onMain {
            let file = AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
            let app = try launch(backend: server.base, section: .people)
            let main = try XCTUnwrap(app.mainWindow)
            let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
            waitFor("the failure", timeout: .seconds(10)) { page.isFailureSettled && main.window.isActive }
            XCTAssertEqual(page.content.placeholder.status.titleLabel.text, "People could not be opened")
            XCTAssertEqual(page.content.placeholder.reason, "The database file could not be opened (its folder may be missing or not writable).")
            try FileManager.default.removeItem(at: file)
            clickWhenSteady(page.content.retry, in: main.window)
            waitFor("the people", timeout: .seconds(10)) { page.rows.count == 20 && page.content.isContentShown }
            close(app)
        }
    }

    func testAvatarsComeOneAtATimeOverOneConnectionInViewOrderAndNeverTwice() throws {
        try onMain {
            let (app, page) = try openPeople(height: 500)
            waitForServer("the avatars in view") { page.isSettled }
            let inView = page.rowsInView().map(\.person.avatarNumber)
            XCTAssertFalse(inView.isEmpty)
            XCTAssertLessThan(inView.count, 20, "the window shows only some rows")
            waitForServer("the rows in view downloaded") { avatarPaths.count >= inView.count }
            XCTAssertEqual(avatarPaths, inView.map { String(format: "/pre-login-avatars/avatars_cartoon_animals_%02d.png", $0) })
            XCTAssertTrue(page.progressLabel.text.hasPrefix("Avatars: "), page.progressLabel.text)
            let first = try XCTUnwrap(page.rows.first)
            XCTAssertEqual(first.view.accessibleName, "Adam, avatar loaded")
            XCTAssertTrue(first.hasImage)
            // Rows below the view have theirs to come; rows far below it have no row yet.
            let below = page.rows.filter { row in !inView.contains(row.person.avatarNumber) }
            XCTAssertFalse(below.isEmpty)
            for row in below { XCTAssertEqual(row.view.accessibleName, "\(row.person.name), avatar loading") }
            XCTAssertLessThan(page.rows.count, 20, "rows only near the view")

            // Scrolling down a screen at a time, waiting for each screen's avatars, brings the rest
            // in the order they come into view.
            while page.scroll.value < page.scroll.maximumValue {
                page.scroll.value = min(page.scroll.value + page.scroll.pageSize, page.scroll.maximumValue)
                waitForServer("the avatars of this screen", timeout: .seconds(10)) {
                    !page.rowsInView().isEmpty && page.rowsInView().allSatisfy(\.hasImage)
                }
            }
            XCTAssertEqual(avatarPaths, (1...20).map { String(format: "/pre-login-avatars/avatars_cartoon_animals_%02d.png", $0) })
            XCTAssertEqual(page.progressLabel.text, "Avatars: 20 of 20")
            let stats = try XCTUnwrap(server.loopback)
            XCTAssertEqual(stats.connections, 1, "one kept-alive connection for every avatar")
            XCTAssertEqual(stats.maxConcurrentTransfers, 1, "one download at a time")
            close(app)

            let (again, page2) = try openPeople()
            waitFor("the stored avatars shown") { page2.rowsInView().allSatisfy(\.hasImage) && !page2.rowsInView().isEmpty }
            XCTAssertEqual(avatarPaths.count, 20, "a relaunch asks for no avatar")
            // They came through the image pipeline from the database: decoded there, never fetched.
            let images = again.services.images
            XCTAssertEqual(images.statistics.fetches, 0)
            XCTAssertGreaterThanOrEqual(images.statistics.decodes, page2.rowsInView().count)
            // The edit page shows the list's decode at once, from the memory cache.
            let first2 = try XCTUnwrap(page2.rows.first)
            XCTAssertTrue(InputSimulation.click(first2.view, in: try XCTUnwrap(again.mainWindow).window))
            let people = try XCTUnwrap(again.mainWindow).coordinator(for: .people)
            waitFor("the edit page") { people.depth == 2 }
            let edit = try XCTUnwrap(people.topPage as? PersonEditPage)
            XCTAssertTrue(edit.avatar.showsImage, "a memory-cache hit shows without a placeholder")
            close(again)
        }
    }

    func testClosingTheWindowFinishesPendingDownloads() throws {
        try onMain {
            stop(server)
            server = try startServer { $0.avatarDelay = 0.3 }
            let (app, page) = try openPeople(height: 900)
            waitFor("the rows in view") { page.rowsInView().count > 5 }
            let expected = page.rowsInView().count
            waitForServer("the first download") { !avatarPaths.isEmpty }
            XCTAssertLessThan(page.model.state.storedAvatars, expected, "downloads are pending at the close")
            // Ctrl+Q closes the window as the close button does.
            XCTAssertTrue(InputSimulation.key("q", modifiers: .control, on: app.mainWindow!.window))
            waitFor("the close") { app.isFinishingBeforeExit }
            XCTAssertEqual(app.application.holdCount, 1, "the app holds on for the downloads")
            waitForServer("the downloads to finish", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
            XCTAssertEqual(app.application.holdCount, 0, "and lets go once they are done")
            let stored = try waitForStoredAvatars()
            XCTAssertEqual(stored, expected, "every avatar asked for before the close was stored")
        }
    }

    func testDownloadsGoOnWhileTheWindowIsHiddenOrAnotherSectionIsShown() throws {
        try onMain {
            stop(server)
            server = try startServer { $0.avatarDelay = 0.2 }
            let (app, page) = try openPeople(height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            waitFor("the rows in view") { page.rowsInView().count > 5 }
            let expected = page.rowsInView().count
            waitForServer("the first download") { !avatarPaths.isEmpty }
            // Minimised (the window unmapped), then another section: the downloads go on.
            main.window.hide()
            XCTAssertFalse(page.grid.widget.isMapped, "the people list is off screen")
            waitForServer("a download while hidden", timeout: .seconds(10)) { page.model.state.storedAvatars >= 2 }
            XCTAssertEqual(server.loopback?.maxConcurrentTransfers, 1)
            main.window.present()
            main.show(.gallery, transition: .none)
            waitForServer("the downloads to go on", timeout: .seconds(20)) { page.model.state.storedAvatars == expected }
            close(app)
        }
    }

    /// The people as the database file holds them now, read through a store of the test's own.
    @MainActor
    private func storedPeople() throws -> [Person] {
        let store = PeopleStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
        let result = LockedValue<[Person]>()
        Task.detached { result.set((try? await store.people()) ?? []) }
        waitForServer("the database read") { result.get() != nil }
        return try XCTUnwrap(result.get())
    }

    @MainActor
    private func waitForStoredAvatars() throws -> Int {
        try storedPeople().filter(\.hasAvatar).count
    }

    func testEditingSavesThroughTheDatabaseWithoutBlockingAndRefusesBlankNames() throws {
        try onMain {
            let (app, page) = try openPeople(renameDelay: .milliseconds(600))
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.coordinator(for: .people)
            let kyle = page.rows[3]
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
            close(app)
        }
    }

    /// People opened with the backend down (on the test server's port, started again later):
    /// the app, its window and the list, once the avatars in view have failed.
    @MainActor
    private func peopleWithTheirAvatarsFailed() throws -> (app: TesseraApp, main: MainWindow, page: PeoplePage, port: Int) {
        let port = server.port
        stop(server)
        let app = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!, section: .people)
        let main = try XCTUnwrap(app.mainWindow)
        let page = try XCTUnwrap(main.coordinator(for: .people).pages.first as? PeoplePage)
        waitFor("the people", timeout: .seconds(10)) { page.grid.items.count == 20 && !page.rows.isEmpty }
        waitFor("the avatars in view failed", timeout: .seconds(20)) {
            let inView = page.rowsInView()
            return !inView.isEmpty && inView.allSatisfy {
                if case .failed = page.model.state.avatarState(of: $0.person) { true } else { false }
            }
        }
        return (app, main, page, port)
    }

    @MainActor
    private func avatarsInViewStored(_ page: PeoplePage) -> Bool {
        let inView = page.rowsInView()
        return !inView.isEmpty && inView.allSatisfy { $0.person.hasAvatar }
    }

    /// Avatars that failed (the backend was down) are asked for again with F5 once it is back.
    func testRefreshAsksAgainForTheAvatarsThatFailed() throws {
        try onMain {
            let (app, main, page, port) = try peopleWithTheirAvatarsFailed()
            defer { close(app) }
            XCTAssertEqual(page.model.state.storedAvatars, 0)
            waitFor("the refresh button") { main.refreshButton.isMapped }
            server = try startServer { $0.port = port; $0.avatarDelay = 0.02 }
            XCTAssertTrue(InputSimulation.key("F5", on: main.window))
            waitForServer("the avatars in view stored", timeout: .seconds(20)) { avatarsInViewStored(page) }
        }
    }

    /// The backend on this machine down, then back: the avatars that failed are asked for again
    /// within 5 s with nothing pressed (a server on this machine, which no network monitor sees
    /// come back, is looked for while avatars wait for it).
    func testAvatarsThatFailedAreAskedAgainOnceTheServerOnThisMachineIsBack() throws {
        try onMain {
            let (app, _, page, port) = try peopleWithTheirAvatarsFailed()
            defer { close(app) }
            server = try startServer { $0.port = port; $0.avatarDelay = 0.02 }
            waitForServer("the avatars in view stored, nothing pressed", timeout: .seconds(5)) { avatarsInViewStored(page) }
        }
    }

    func testTypingInTheListSearchesItByNameAndEscapeShowsEveryoneWhereTheyWere() throws {
        try onMain {
            let (app, page) = try openPeople(width: 700, height: 420)
            let main = try XCTUnwrap(app.mainWindow)
            defer { close(app) }
            @MainActor func shown() -> [String] { page.rows.map { $0.nameLabel.text } }
            // Scrolled down to Peyton, whose row has the focus.
            waitFor("the list laid out") { page.scroll.maximumValue > 300 }
            page.scroll.value = 300
            waitFor("Peyton in view") { page.rowsInView().contains { $0.person.name == "Peyton" } }
            let peyton = try XCTUnwrap(page.rows.first { $0.person.name == "Peyton" }).person
            try XCTUnwrap(page.row(of: peyton.id)).view.grabFocus()
            let place = page.scroll.value
            XCTAssertGreaterThan(place, 0)

            // A letter typed in the list opens the search with it.
            XCTAssertTrue(InputSimulation.type("j", on: main.window))
            waitFor("the search open") { page.search.entry.isFocusWidget }
            XCTAssertEqual(page.search.entry.text, "j")
            waitFor("only the J names") { shown() == ["Jeremy", "Jade", "Jason", "Johnny"] }
            XCTAssertTrue(InputSimulation.type("a", on: main.window))
            waitFor("Jade and Jason") { shown() == ["Jade", "Jason"] }
            XCTAssertEqual(page.rows.first?.view.accessibleName.hasPrefix("Jade, avatar"), true,
                           "rows found keep their names for screen readers")
            // Down goes to the first row found; Return opens it.
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("Jade's row focused") { page.grid.focusedCell?.person.name == "Jade" }

            // Nothing found, said in words.
            XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: main.window))
            waitFor("the search focused again") { page.search.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("x", on: main.window))
            waitFor("no one found") { page.noOneFound.widget.isMapped && shown().isEmpty }
            XCTAssertEqual(page.noOneFound.titleLabel.text, "No one found")

            // Escape: everyone again, Peyton's row focused, the list where it was.
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("everyone again") { page.grid.items.count == 20 && shown().contains("Peyton") }
            XCTAssertFalse(page.search.widget.revealsChild)
            XCTAssertEqual(page.search.entry.text, "")
            waitFor("Peyton's row focused") { page.row(of: peyton.id)?.view.isFocusWidget == true }
            waitFor("the list back where it was") { page.scroll.value == place }
            XCTAssertFalse(page.noOneFound.widget.isMapped)

            // Left and Right move nothing: nothing stands beside a row in a list (they went to the
            // row above and below). Down, typed after two Lefts, goes to the row under Peyton's, and
            // Up, after two Rights, back to Peyton's (no row on the way is the one waited for).
            let peytonsIndex = try XCTUnwrap(page.grid.items.firstIndex { $0.id == peyton.id })
            for key in ["Left", "Left", "Down"] { XCTAssertTrue(InputSimulation.key(key, on: main.window)) }
            waitFor("the row under Peyton's focused") { page.grid.focusedCell?.person.id == page.grid.items[peytonsIndex + 1].id }
            for key in ["Right", "Right", "Up"] { XCTAssertTrue(InputSimulation.key(key, on: main.window)) }
            waitFor("Peyton's row focused again") { page.grid.focusedCell?.person.id == peyton.id }
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
            let kyle = page.rows[3]
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
            XCTAssertEqual(try storedPeople().dropFirst(3).first?.name, "Kyle at Closing", "written before the exit was let go")
            main.window.destroy()
        }
    }

    /// A widget's frame in the window's coordinates (what AT-SPI reports as its extents, less the
    /// window's place on the screen).
    @MainActor
    private func frame(of widget: Widget, in window: Window) throws -> Rect {
        let origin = try XCTUnwrap(widget.origin(in: window))
        return Rect(x: origin.x, y: origin.y, width: widget.allocation.width, height: widget.allocation.height)
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
            let kyle = page.rows[3]
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

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the pane closed") { coordinator.paneDetail == nil }
            XCTAssertFalse(main.backButton.isVisible)
            XCTAssertTrue(sixth.view.isFocusWidget, "the focus is back on the row")
            close(app)
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
            let kyle = page.rows[3].person
            page.rows[3].view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: page.rows[3].view))
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

    /// A narrow window pushes the editor as before; resizing across the line moves an open editor
    /// between page and pane with the name being typed intact, and back.
    func testResizingMovesTheOpenEditorBetweenPageAndPaneKeepingTheTypedName() throws {
        try onMain {
            let (app, page) = try openPeople(width: 600, height: 900)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = try XCTUnwrap(main.coordinator(for: .people) as? PeopleCoordinator)
            waitFor("the window narrow") { main.window.allocatedSize.width <= 700 }
            XCTAssertFalse(coordinator.showsPanes)
            let kyle = page.rows[3]
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
            close(app)
        }
    }
}

final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    private let lock = NSLock()
    func set(_ newValue: Value?) { lock.withLock { value = newValue } }
    func get() -> Value? { lock.withLock { value } }
}
