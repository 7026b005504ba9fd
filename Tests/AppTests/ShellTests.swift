@testable import App
import Composition
import Domain
import Foundation
import Gtk
import Persistence
import XCTest
import SimulatedInput

final class ShellTests: AppTestCase {
    func testWindowReadsAsTesseraWithTheFiveSections() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertEqual(main.window.accessibleName, "Tessera")
            XCTAssertEqual(main.window.accessibleRole, "frame")
            XCTAssertEqual(main.headerBar.title, "Tessera")
            XCTAssertEqual(main.sidebar.rowNames, ["Gallery", "Feed", "People", "Messages", "Facts"])
            XCTAssertEqual(main.headerBar.subtitle, "Gallery")
            XCTAssertFalse(main.backButton.isVisible, "nothing is pushed at start")
            XCTAssertEqual(main.menuButton.accessibleName, "Main Menu")
            XCTAssertEqual(main.backButton.accessibleName, "Back")
            XCTAssertTrue(main.currentCoordinator.topPage is GalleryPage)
            // Every section's root is its own screen.
            let roots: [Section: any Page.Type] = [.feed: FeedPage.self, .people: PeoplePage.self,
                                                  .messages: MessagesPage.self, .facts: FactsPage.self]
            for (section, type) in roots {
                main.show(section, transition: .none)
                XCTAssertTrue(Swift.type(of: main.currentCoordinator.topPage) == type, "\(section)")
            }
        }
    }

    /// The window's first frame is its chrome, already naming the section (sidebar row selected
    /// and focused, header subtitle); the section's page follows by itself, with no input.
    func testTheFirstFrameIsTheChromeAndTheSectionsPageFollowsByItself() throws {
        try onMain {
            var firstFrame: (pageBuilt: Bool, subtitle: String?, selected: Section?, focused: Bool, peopleMade: Bool)?
            let app = try launch(section: .people) { app in
                guard let main = app.mainWindow else { return }
                // Told after the app's own handlers of that frame: the frame shows once they return.
                main.window.onNextDraw {
                    firstFrame = (main.showsInitialSection, main.headerBar.subtitle, main.sidebar.selectedSection,
                                  main.sidebar.row(for: .people).isFocusWidget, app.services.peopleModelIfMade != nil)
                }
            }
            let main = try XCTUnwrap(app.mainWindow)
            let seen = try XCTUnwrap(firstFrame, "no first frame was seen")
            XCTAssertFalse(seen.pageBuilt, "the first frame waits for no page")
            XCTAssertFalse(seen.peopleMade, "nor for the people's model the first launch stores them with")
            XCTAssertEqual(seen.subtitle, "People")
            XCTAssertEqual(seen.selected, .people)
            XCTAssertTrue(seen.focused, "the section's row has the keyboard focus from the first frame")
            XCTAssertEqual(main.content.visibleChildName, "people")
            XCTAssertTrue(main.currentCoordinator.topPage is PeoplePage)
            XCTAssertEqual(main.headerBar.subtitle, "People")
        }
    }

    func testControlNumberKeysSwitchSectionsInOrder() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            for section in Section.allCases.reversed() {
                XCTAssertTrue(InputSimulation.key("\(section.number)", modifiers: .control, on: main.window))
                waitFor("Ctrl+\(section.number) to show \(section.title)") {
                    main.currentSection == section && main.content.visibleChildName == section.rawValue
                }
                // The chat is named by its own name (no backend here: Facts has no feed title yet).
                XCTAssertEqual(main.headerBar.subtitle, section == .messages ? "Тестовое задание" : section.title)
                XCTAssertEqual(main.sidebar.selectedSection, section)
            }
        }
    }

    /// A switch asked for without a transition (the screenshot mode, the tests) shows the section
    /// at once: the sidebar's selection, which follows, does not start a cross-fade of its own.
    func testASectionShownWithoutATransitionShowsAtOnce() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            waitFor("the first section") { !main.content.transitionRunning }
            main.show(.facts, transition: .none)
            XCTAssertEqual(main.content.visibleChildName, "facts")
            XCTAssertFalse(main.content.transitionRunning, "no cross-fade")
            XCTAssertEqual(main.sidebar.selectedSection, .facts)
        }
    }

    func testClickingASidebarRowShowsItsSection() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(InputSimulation.click(main.sidebar.row(for: .people), in: main.window))
            waitFor("the People section") { main.currentSection == .people }
            XCTAssertEqual(main.content.visibleChildName, "people")
            XCTAssertEqual(main.headerBar.subtitle, "People")
        }
    }

    func testEveryBackPathPopsAndTheBackButtonFollowsTheStack() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.currentCoordinator

            @MainActor func pushDetail(_ title: String) {
                coordinator.push(TestPage(title))
                XCTAssertEqual(coordinator.depth, 2)
                XCTAssertTrue(main.backButton.isVisible)
                XCTAssertEqual(main.headerBar.title, title)
                waitFor("the pushed page to slide in") { !coordinator.container.transitionRunning }
                waitFor("the back button on screen") { main.backButton.isMapped && main.backButton.allocation.width > 1 }
            }
            @MainActor func expectPopped(_ how: String) {
                waitFor("\(how) to pop") { coordinator.depth == 1 }
                XCTAssertFalse(main.backButton.isVisible, "\(how): back hides at the root")
                XCTAssertEqual(main.headerBar.title, "Tessera")
            }

            pushDetail("Escape page")
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            expectPopped("Escape")

            pushDetail("Alt+Left page")
            XCTAssertTrue(InputSimulation.key("Left", modifiers: .alt, on: main.window))
            expectPopped("Alt+Left")

            pushDetail("Header button page")
            XCTAssertTrue(InputSimulation.click(main.backButton, in: main.window))
            expectPopped("the header bar's back button")

            pushDetail("Mouse back page")
            XCTAssertTrue(InputSimulation.pressButton(8, x: 400, y: 300, in: main.window))
            expectPopped("the mouse's back button")

            // At the root, Escape changes nothing.
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            GtkRuntime.drainPendingEvents()
            XCTAssertEqual(coordinator.depth, 1)
        }
    }

    func testEachSectionKeepsItsOwnNavigationStack() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            main.show(.gallery)
            main.currentCoordinator.push(TestPage("Deep in Gallery"))
            XCTAssertTrue(main.backButton.isVisible)
            main.show(.feed)
            XCTAssertFalse(main.backButton.isVisible, "Feed has nothing pushed")
            XCTAssertEqual(main.headerBar.title, "Tessera")
            main.show(.gallery)
            XCTAssertTrue(main.backButton.isVisible)
            XCTAssertEqual(main.headerBar.title, "Deep in Gallery")
            main.currentCoordinator.pop()
            waitFor("the popped page to be removed") { main.currentCoordinator.container.childCount == 1 }
        }
    }

    func testAppearanceChoiceSetsTheDarkPreferenceAndIsRemembered() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store)
            let theme = ThemeSettings()
            app.application.activateAction("app.appearance::dark", in: nil)
            XCTAssertTrue(theme.prefersDark)
            XCTAssertEqual(app.settings.appearance, .dark)
            app.application.activateAction("app.appearance::light", in: nil)
            XCTAssertFalse(theme.prefersDark)
            app.application.activateAction("app.appearance::dark", in: nil)
            store.flush()
            XCTAssertEqual(store.load().appearance, .dark)

            theme.prefersDark = false
            let second = try launch(store: makeStore())
            XCTAssertEqual(second.settings.appearance, .dark)
            XCTAssertTrue(theme.prefersDark, "the remembered choice applies at the next launch")
            second.setAppearance(.system)
        }
    }

    func testWindowSizeAndSectionAreRememberedAcrossLaunches() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 820, height: 610)
            waitFor("the resize") { main.window.size == (820, 610) || (main.window.size.width == 820 && main.window.size.height == 610) }
            XCTAssertTrue(InputSimulation.key("4", modifiers: .control, on: main.window))
            waitFor("Messages") { main.currentSection == .messages }
            main.window.close()
            waitFor("the window to close") { !main.window.isVisible }
            store.flush()
            let saved = store.load()
            XCTAssertEqual(saved.windowWidth, 820)
            XCTAssertEqual(saved.windowHeight, 610)
            XCTAssertEqual(saved.lastSection, .messages)

            let second = try launch(store: makeStore())
            XCTAssertEqual(second.mainWindow?.currentSection, .messages)
            XCTAssertEqual(second.mainWindow?.window.size.width, 820)
        }
    }

    /// A place saved after the window closed once overwrote its size with the launch's (a hidden window's size).
    func testASaveDueAfterTheWindowClosedKeepsItsLastSize() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 820, height: 610)
            waitFor("the resize") { main.window.size.width == 820 && main.window.size.height == 610 }
            app.placeChanged()
            main.window.close()
            waitFor("the window to close") { !main.window.isVisible }
            waitFor("the place's save", timeout: .seconds(5)) { !app.placeSaveScheduled }
            store.flush()
            let saved = store.load()
            XCTAssertEqual(saved.windowWidth, 820)
            XCTAssertEqual(saved.windowHeight, 610)
        }
    }

    func testCorruptSettingsFallBackToDefaultsAndAreKeptAside() throws {
        try onMain {
            let store = makeStore()
            try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("{\"windowWidth\": ".utf8).write(to: store.url)
            let app = try launch(store: store)
            XCTAssertEqual(app.settings, .defaults)
            let kept = try FileManager.default.contentsOfDirectory(atPath: store.url.deletingLastPathComponent().path)
            XCTAssertTrue(kept.contains { $0.hasPrefix("settings.json.corrupt-") }, "\(kept)")
        }
    }

    /// At a phone's width Minimize and Maximize leave the header bar to the title; wider, the desktop's buttons.
    func testAPhoneWidthGivesTheTitleTheRoomOfMinimizeAndMaximize() throws {
        try onMain {
            let app = try launch(section: .facts)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            XCTAssertNil(main.headerBar.decorationLayout, "the desktop's buttons")
            main.window.resize(width: 360, height: 700)
            waitFor("a phone's header bar", timeout: .seconds(5)) { main.headerBar.decorationLayout != nil }
            let layout = try XCTUnwrap(main.headerBar.decorationLayout)
            XCTAssertFalse(layout.contains("minimize") || layout.contains("maximize"), layout)
            XCTAssertTrue(layout.contains("close"), layout)
            main.window.resize(width: 900, height: 700)
            waitFor("the desktop's buttons again", timeout: .seconds(5)) { main.headerBar.decorationLayout == nil }
        }
    }

    /// A narrow window folds the sidebar away behind a button at the start of the header bar
    /// (`FoldedSidebarTests`), Ctrl+1…5 still switch, the section's name is the header's title; widened, the
    /// sidebar is back, under the app's name.
    func testANarrowWindowFoldsTheSidebarIntoAHeaderButton() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the wide layout") { main.sidebar.widget.isMapped && !main.sectionsButton.isMapped }
            main.window.resize(width: 640, height: 700)
            waitFor("the sidebar folded", timeout: .seconds(5)) { !main.sidebar.widget.isMapped && main.sectionsButton.isMapped }
            XCTAssertTrue(main.isSidebarFolded)
            XCTAssertEqual(main.sectionsButton.accessibleName, "Sections")
            let origin = try XCTUnwrap(main.sectionsButton.origin(in: main.window))
            XCTAssertLessThan(origin.x, 60, "at the start of the header bar")
            XCTAssertTrue(InputSimulation.key("3", modifiers: .control, on: main.window))
            waitFor("People shown") { main.currentSection == .people }
            XCTAssertEqual(main.headerBar.title, "People", "the section's name alone: no room for the app's above it")
            XCTAssertNil(main.headerBar.subtitle)
            waitFor("the content across the window's width") { main.content.allocatedSize.width >= 600 }
            main.window.resize(width: 1100, height: 700)
            waitFor("the sidebar back", timeout: .seconds(5)) { main.sidebar.widget.isMapped && !main.sectionsButton.isMapped }
            XCTAssertEqual(main.sidebar.selectedSection, .people)
            XCTAssertEqual(main.headerBar.title, "Tessera")
            XCTAssertEqual(main.headerBar.subtitle, "People")
        }
    }

    func testMenuShortcutsWindowAndAbout() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertEqual(app.menuLabels, ["_Preferences", "_Appearance", "Follow System", "Light", "Dark", "_Clear Saved Data…",
                                            "_Keyboard Shortcuts", "_About Tessera"])
            for section in Section.allCases {
                XCTAssertEqual(app.application.accelerators(for: "win.section::\(section.rawValue)"),
                               ["<Primary>\(section.number)"], "GTK spells Control as Primary")
            }
            XCTAssertEqual(app.application.accelerators(for: "win.back"), ["Escape", "<Alt>Left"])
            XCTAssertEqual(app.application.accelerators(for: "win.refresh"), ["F5", "<Primary>r"])
            XCTAssertEqual(app.application.accelerators(for: "win.find"), ["<Primary>f"])
            XCTAssertEqual(app.application.accelerators(for: "app.preferences"), ["<Primary>comma"])

            XCTAssertTrue(InputSimulation.key("question", modifiers: [.control, .shift], on: main.window))
            waitFor("the shortcuts window") { app.isShortcutsWindowVisible }
            let listed = app.shortcutsGroups.flatMap(\.shortcuts).map(\.title)
            XCTAssertEqual(listed, ["Show Gallery", "Show Feed", "Show People", "Show Messages", "Show Facts",
                                    "Go back", "Refresh", "Search the section shown", "Select the focused item", "Move the focused item earlier or later",
                                    "Delete the focused item", "Choose the focused item, or every item", "Choose a run of items", "Open the item's menu", "Undo the last change while it is offered",
                                    "Move between messages", "Oldest loaded or newest message", "Jump to the latest message",
                                    "Open the focused message", "Copy the focused message's text",
                                    "Choose several messages (Ctrl+click and Shift+click too); Ctrl+C copies them, Escape chooses none",
                                    "The focused message's menu: copy its text, open or copy its link",
                                    "Go through the focused message's links and open one in the browser", "Search the messages",
                                    "Go through the messages found and show one", "Close the search", "Insert an emoji in the composer",
                                    "Search by name or text (typing a letter starts it too)", "From the search to what it found",
                                    "Close the search and show everything where it was", "Zoom in", "Zoom out", "Best fit", "Zoom to 100 %", "Zoom to 200 %",
                                    "Previous or next picture; pan when zoomed in", "Pan when zoomed in", "Play or pause a video",
                                    "Fullscreen; Escape leaves it", "Slideshow; Space pauses it, Escape ends it", "Copy the picture", "Save the picture", "Print the picture",
                                    "Rotate the picture clockwise or back",
                                    "Preferences", "Keyboard shortcuts", "Quit"])

            app.application.activateAction("app.about", in: nil)
            waitFor("the About dialog") { app.isAboutVisible }
            XCTAssertEqual(app.aboutProgramName, "Tessera")
        }
    }

    /// The app's CSS lives in `data/tessera.css`: it is found from the build tree, GTK accepts it,
    /// and its rules name colours only, so the dark variant stays legible: the theme's, or the
    /// viewer's own, defined once and the same in light and dark.
    func testTheStylesheetIsFoundParsesAndUsesThemeColoursOnly() throws {
        let css = try XCTUnwrap(CompositionRoot.stylesheet(), "data/tessera.css is found")
        try onMain { _ = try StyleSheet(css: css) }
        let rules = css.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"(?m)^@define-color viewer_\w+ [^;]+;$"#, with: "", options: .regularExpression)
        XCTAssertNil(rules.range(of: #"#[0-9a-fA-F]{3,8}\b|\brgba?\(|\b(white|black|red|green|blue|gr[ae]y)\b"#,
                                 options: .regularExpression), "a literal colour")
        XCTAssertTrue(rules.contains(".notice-bar"))
    }
}
