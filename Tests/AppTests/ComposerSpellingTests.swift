@testable import App
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// Spelling in the chat's composer: misspelled words underlined as they are typed, read as a screen
/// reader hears them; Russian checked in Russian; a language chosen in the context menu remembered.
final class ComposerSpellingTests: ServerBackedTestCase {
    /// The words a screen reader hears underlined in the composer (GTK 3 tells gspell's wavy
    /// underline as "single").
    @MainActor private func misspelled(in entry: Entry) -> [String] {
        let characters = Array(entry.text)
        return entry.accessibleTextRuns(of: "underline").filter { $0.value != "none" }.map { String(characters[$0.range]) }
    }

    /// Types `text` with real keys (xdotool through XTest, which maps letters the test keyboard
    /// lacks, as Cyrillic ones, to spare keys while it types them), then waits for it.
    @MainActor private func typeAnyLetters(_ text: String, into entry: Entry) throws {
        let before = entry.text
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = ["type", "--delay", "40", text]
        try process.run()
        waitFor("typed", timeout: .seconds(20)) { entry.text == before + text }
        process.waitUntilExit()
    }

    /// Selects all the composer holds and deletes it, with keys.
    @MainActor private func clear(_ entry: Entry) {
        XCTAssertTrue(InputSimulation.key("a", modifiers: .control, on: entry))
        XCTAssertTrue(InputSimulation.key("BackSpace", on: entry))
        waitFor("the composer empty") { entry.text.isEmpty }
    }

    func testMisspelledWordsAreUnderlinedInTheLanguageTyped() throws {
        try onMain {
            let (app, page) = try openChat()
            defer { app.mainWindow?.window.destroy() }
            let entry = page.entry
            waitFor("the composer focused", timeout: .seconds(10)) { entry.isFocusWidget }
            waitForServer("spelling checked", timeout: .seconds(10)) { page.composer.spelling != nil }

            XCTAssertTrue(InputSimulation.type("Helo wrold, the message", on: entry))
            waitFor("the English mistakes underlined") { self.misspelled(in: entry) == ["Helo", "wrold"] }
            XCTAssertEqual(page.composer.spelling?.language, "en_US")
            clear(entry)
            XCTAssertTrue(InputSimulation.type("Hello world", on: entry))
            waitFor("the words typed") { entry.text == "Hello world" }
            XCTAssertEqual(misspelled(in: entry), [], "correct English is not underlined")

            clear(entry)
            // A dictionary loads as its first letter comes: typed on once it is there, so that
            // xdotool's borrowed keys are read before it gives them back. Lower case only: a capital
            // on a borrowed key needs Shift, which once came as "п" in a full run.
            try typeAnyLetters("п", into: entry)
            waitFor("checked in Russian") { page.composer.spelling?.language == "ru_RU" }
            try typeAnyLetters("ревет, добрый мир", into: entry)
            waitFor("the Russian mistake underlined") { self.misspelled(in: entry) == ["превет"] }
            clear(entry)
            try typeAnyLetters("привет, добрый мир", into: entry)
            XCTAssertEqual(misspelled(in: entry), [], "correct Russian is not underlined")

            clear(entry)
            XCTAssertTrue(InputSimulation.type("Helo again", on: entry))
            waitFor("English again") { page.composer.spelling?.language == "en_US" && self.misspelled(in: entry) == ["Helo"] }
        }
    }

    /// Russian chosen in the context menu while typing English: the chat checks Latin letters in
    /// Russian from then on, after a relaunch too, and Cyrillic ones still in Russian.
    func testALanguageChosenInTheContextMenuIsRemembered() throws {
        try onMain {
            let (app, page) = try openChat()
            let entry = page.entry
            waitFor("the composer focused", timeout: .seconds(10)) { entry.isFocusWidget }
            waitForServer("spelling checked", timeout: .seconds(10)) { page.composer.spelling != nil }
            XCTAssertTrue(InputSimulation.type("Hello", on: entry))
            waitFor("nothing underlined") { entry.text == "Hello" && self.misspelled(in: entry).isEmpty }

            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(InputSimulation.click(entry, button: 3, in: main.window))
            waitFor("the context menu") { ShownMenus.labels().contains("Language") }
            XCTAssertTrue(ShownMenus.choose("Russian", in: "Language"))
            waitFor("checked in Russian") { page.composer.spelling?.language == "ru_RU" }
            waitFor("the English word underlined") { self.misspelled(in: entry) == ["Hello"] }
            // gspell leaves the word at the caret alone while it is typed.
            XCTAssertTrue(InputSimulation.type(" there ", on: entry))
            waitFor("still Russian as Latin letters are typed") { self.misspelled(in: entry) == ["Hello", "there"] }
            XCTAssertEqual(app.settings.spellingLanguages, ["latin": "ru_RU"])
            app.mainWindow?.window.destroy()

            let (again, page2) = try openChat()
            defer { again.mainWindow?.window.destroy() }
            waitFor("the composer focused", timeout: .seconds(10)) { page2.entry.isFocusWidget }
            waitForServer("spelling checked", timeout: .seconds(10)) { page2.composer.spelling != nil }
            clear(page2.entry)
            XCTAssertTrue(InputSimulation.type("Good ", on: page2.entry))
            waitFor("Latin letters checked in Russian after the relaunch") { self.misspelled(in: page2.entry) == ["Good"] }
        }
    }
}

/// Emoji in the composer through GTK's chooser, as GNOME apps have it: Ctrl+. opens it over the
/// composer (no shortcut of the app's takes the key), Escape closes it and the text stays. Picking
/// one is the chooser's own (GTK's tests).
final class ComposerEmojiTests: ServerBackedTestCase {
    func testCtrlPeriodOpensTheEmojiChooserOverTheComposer() throws {
        try onMain {
            let (app, page) = try openChat()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the composer focused", timeout: .seconds(10)) { page.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("Nice ", on: page.entry))
            waitFor("typed") { page.entry.text == "Nice " }
            XCTAssertFalse(ShownLabels.texts(under: main.window).contains("Smileys & People"))
            XCTAssertTrue(InputSimulation.key("period", modifiers: .control, on: page.entry))
            waitFor("the emoji chooser") { ShownLabels.texts(under: main.window).contains("Smileys & People") }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("the chooser gone") { !ShownLabels.texts(under: main.window).contains("Smileys & People") }
            XCTAssertEqual(page.entry.text, "Nice ")
        }
    }
}
