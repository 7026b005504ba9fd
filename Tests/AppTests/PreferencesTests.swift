@testable import App
import Domain
import Gtk
import Persistence
import TestSupport
import XCTest
import SimulatedInput

/// The Preferences window, driven with the keyboard and the pointer: an address per service,
/// checked as it is typed; Apply moves the section to the new server without a restart, and the
/// address is saved.
final class PreferencesTests: AppTestCase {
    @MainActor
    private func openPreferences(of app: TesseraApp, file: StaticString = #filePath, line: UInt = #line) throws -> PreferencesWindow {
        let main = try XCTUnwrap(app.mainWindow, file: file, line: line)
        XCTAssertTrue(InputSimulation.key("comma", modifiers: .control, on: main.window), file: file, line: line)
        waitFor("the Preferences window", { app.preferencesWindow?.window.isMapped == true }, file: file, line: line)
        return try XCTUnwrap(app.preferencesWindow, file: file, line: line)
    }

    @MainActor
    private func row(_ service: Backend.Service, in preferences: PreferencesWindow) throws -> ServiceAddressRow {
        try XCTUnwrap(preferences.rows.first { $0.service == service })
    }

    /// Waits for `section`'s first page to be made anew (the section reloaded), not `old`, and for
    /// `ready` to hold on it.
    @MainActor
    private func waitForReload<P: AnyObject>(_ what: String, of section: Section, in main: MainWindow, replacing old: P,
                                             _ ready: @escaping (P) -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        waitFor(what, timeout: .seconds(15), {
            guard let page = main.coordinator(for: section).pages.first as? P else { return false }
            return page !== old && ready(page)
        }, file: file, line: line)
    }

    /// Types into `entry` as a person does: a click into it, Ctrl+A over what it held, the text.
    @MainActor
    private func type(_ text: String, into entry: Entry, in window: Window) {
        clickWhenSteady(entry, in: window)
        waitFor("the entry focused", { entry.hasFocus })
        XCTAssertTrue(InputSimulation.key("a", modifiers: .control, on: entry))
        XCTAssertTrue(InputSimulation.type(text, on: entry))
        waitFor("“\(text)” typed", { entry.text == text })
    }

    /// The app on Facts from `backend`, its cards in (the page a move to another server replaces).
    @MainActor
    private func launchOnFacts(store: SettingsStore, backend: TestServer) throws -> (TesseraApp, MainWindow, FactsPage) {
        let app = try launch(store: store, backend: backend.base, section: .facts)
        let main = try XCTUnwrap(app.mainWindow)
        let before = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
        waitFor("the facts", timeout: .seconds(15)) { before.model.state.phase == .loaded && before.isSettled }
        return (app, main, before)
    }

    func testFactsMoveToTheServerTypedInWithoutARestartAndTheAddressIsSaved() throws {
        try onMain {
            let backend = try startServer()
            defer { stop(backend) }
            let own = try startServer()
            defer { stop(own) }
            let store = makeStore()
            let (app, main, before) = try launchOnFacts(store: store, backend: backend)
            defer { main.window.destroy() }
            XCTAssertTrue(backend.requestedPaths.contains("/facts.json"))

            let preferences = try openPreferences(of: app)
            let facts = try row(.facts, in: preferences)
            XCTAssertEqual(facts.entry.accessibleName, "Facts address")
            XCTAssertEqual(facts.entry.text, "", "empty: the built-in backend")

            type("example", into: facts.entry, in: preferences.window)
            XCTAssertTrue(facts.problem.isVisible)
            XCTAssertEqual(facts.problem.text, "“example” is not a web address.")
            XCTAssertEqual(facts.entry.accessibleDescription, "“example” is not a web address.", "a screen reader hears it too")
            // Entered, an address that cannot be used is not used; the section stays as it was.
            XCTAssertTrue(InputSimulation.key("Return", on: facts.entry))
            XCTAssertFalse(preferences.canApply)
            XCTAssertTrue(main.coordinator(for: .facts).pages.first === before, "nothing reloaded")

            // A usable one is used at once, as GNOME's preferences are: Enter, no Apply.
            type(own.base.absoluteString, into: facts.entry, in: preferences.window)
            XCTAssertFalse(facts.problem.isVisible)
            XCTAssertTrue(InputSimulation.key("Return", on: facts.entry))

            waitForServer("Facts asking the new server", timeout: .seconds(10)) { own.requestedPaths.contains("/facts.json") }
            waitForReload("the facts from the new server", of: .facts, in: main, replacing: before) {
                $0.model.state.phase == .loaded && $0.isSettled && !$0.cards.isEmpty
            }
            XCTAssertTrue(own.requestedPaths.contains { $0.hasPrefix("/facts/images/") }, "its pictures, linked from its feed")
            XCTAssertFalse(own.requestedPaths.contains { $0.hasPrefix("/user_details/") || $0.hasPrefix("/getMessages") })
            XCTAssertFalse(preferences.canApply, "used")
            store.flush()
            XCTAssertEqual(makeStore().load().services, ["facts": own.base.absoluteString])

            // Closed with Escape; opened again, it shows what was applied.
            XCTAssertTrue(InputSimulation.key("Escape", on: preferences.window))
            waitFor("the window closed", { app.preferencesWindow == nil })
            let again = try openPreferences(of: app)
            XCTAssertEqual(try row(.facts, in: again).entry.text, own.base.absoluteString)
            again.window.close()
        }
    }

    /// The switch sends every section back to the backend; the addresses stay saved, unused, and
    /// are not checked while it is on.
    func testPreferencesOpenAgainRightAfterClosing() throws {
        try onMain {
            let app = try launch(section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let first = try openPreferences(of: app)
            // Closed (its close hides it, then lets it go), and asked for again in between.
            first.window.hide()
            app.showPreferences()
            waitFor("a Preferences window shown, and kept for the next Ctrl+,") {
                app.preferencesWindow?.window.isMapped == true && app.preferencesWindow !== first
            }
        }
    }

    func testTheSwitchUsesTheBackendForEverythingAndKeepsTheAddresses() throws {
        try onMain {
            let backend = try startServer()
            defer { stop(backend) }
            let own = try startServer()
            defer { stop(own) }
            let store = makeStore()
            var settings = store.load()
            settings.services = ["facts": own.base.absoluteString, "feed": "not an address"]
            store.save(settings)
            let app = try launch(store: store, backend: backend.base, services: [.facts: own.base], section: .facts)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let before = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
            waitFor("the facts", timeout: .seconds(15)) { before.model.state.phase == .loaded && before.isSettled }
            XCTAssertTrue(own.requestedPaths.contains("/facts.json"))
            XCTAssertFalse(backend.requestedPaths.contains("/facts.json"))

            let preferences = try openPreferences(of: app)
            let feed = try row(.feed, in: preferences)
            XCTAssertTrue(feed.problem.isVisible, "the saved address that cannot be used is said")
            XCTAssertFalse(preferences.builtInSwitch.isOn)
            // Turned with the keyboard: the focus on the switch, then Space.
            let builtIn = preferences.builtInSwitch
            builtIn.grabFocus()
            waitFor("the switch focused", { builtIn.hasFocus })
            XCTAssertTrue(InputSimulation.key("space", on: builtIn))
            waitFor("the switch on", { preferences.builtInSwitch.isOn })
            XCTAssertFalse(feed.problem.isVisible, "not checked while unused")
            XCTAssertFalse(try row(.facts, in: preferences).entry.isSensitive)
            // Used as it turns: no Apply.

            waitForServer("Facts asking the backend", timeout: .seconds(10)) { backend.requestedPaths.contains("/facts.json") }
            waitForReload("the facts from the backend", of: .facts, in: main, replacing: before) {
                $0.model.state.phase == .loaded && $0.isSettled
            }
            store.flush()
            let saved = makeStore().load()
            XCTAssertTrue(saved.builtInForEverything)
            XCTAssertEqual(saved.services, ["facts": own.base.absoluteString, "feed": "not an address"], "kept for when it is turned off")
            preferences.window.close()
        }
    }

    /// The feed and the chat moved at once: the chat, shown, loads again from the new server at
    /// once; the feed, not shown, when it is next shown; nothing else asks the new server.
    func testTheSectionsOfTheServicesMovedLoadAgainFromTheNewServer() throws {
        try onMain {
            let backend = try startServer()
            defer { stop(backend) }
            let own = try startServer()
            defer { stop(own) }
            let app = try launch(backend: backend.base, section: .messages)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let before = try XCTUnwrap(main.coordinator(for: .messages).pages.first as? MessagesPage)
            waitFor("the chat", timeout: .seconds(15)) { before.isSettled && !before.rows.isEmpty }
            main.show(.feed, transition: .none)
            let feedBefore = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the feed", timeout: .seconds(15)) { feedBefore.isSettled && !feedBefore.tiles.isEmpty }
            main.show(.messages, transition: .none)

            app.useServices(ServiceAddresses(texts: [.messages: own.base.absoluteString, .feed: own.base.absoluteString]))
            waitForReload("the chat from the new server", of: .messages, in: main, replacing: before) { $0.isSettled && !$0.rows.isEmpty }
            XCTAssertTrue(own.requestedPaths.contains { $0.hasPrefix("/getMessages") })
            XCTAssertFalse(own.requestedPaths.contains { $0.hasPrefix("/user_details/") }, "the feed waits until it is shown")
            main.show(.feed, transition: .none)
            waitForReload("the feed from the new server", of: .feed, in: main, replacing: feedBefore) { $0.isSettled && !$0.tiles.isEmpty }
            XCTAssertTrue(own.requestedPaths.contains { $0.hasPrefix("/user_details/select.php") })
            XCTAssertFalse(own.requestedPaths.contains("/facts.json"))
        }
    }

    /// Instant apply, as GNOME's preferences: an address is used once the focus leaves its entry
    /// (Tab), or when the window closes with it typed; no Apply button.
    func testAnAddressIsUsedWhenTheFocusLeavesItOrTheWindowCloses() throws {
        try onMain {
            let backend = try startServer()
            defer { stop(backend) }
            let own = try startServer()
            defer { stop(own) }
            let store = makeStore()
            let (app, main, _) = try launchOnFacts(store: store, backend: backend)
            defer { main.window.destroy() }
            let preferences = try openPreferences(of: app)
            let facts = try row(.facts, in: preferences)
            type(own.base.absoluteString, into: facts.entry, in: preferences.window)
            XCTAssertFalse(own.requestedPaths.contains("/facts.json"), "not used while typed")
            XCTAssertTrue(InputSimulation.key("Tab", on: facts.entry))
            waitFor("the focus gone from the entry") { !facts.entry.hasFocus }
            waitForServer("Facts asking the address left", timeout: .seconds(10)) { own.requestedPaths.contains("/facts.json") }

            let messages = try row(.messages, in: preferences)
            type(own.base.absoluteString, into: messages.entry, in: preferences.window)
            XCTAssertTrue(InputSimulation.key("Escape", on: preferences.window))
            waitFor("the window closed", { app.preferencesWindow == nil })
            store.flush()
            XCTAssertEqual(makeStore().load().services, ["facts": own.base.absoluteString, "messages": own.base.absoluteString])
        }
    }
}
