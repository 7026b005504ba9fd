import Domain
import XCTest

final class SpellingLanguagesTests: XCTestCase {
    let installed = ["en_US", "ru_RU"]

    func testTheScriptIsThatOfMostLetters() {
        XCTAssertEqual(SpellingLanguages.script(of: "Hello, мир"), .latin)
        XCTAssertEqual(SpellingLanguages.script(of: "Привет, world"), .cyrillic)
        XCTAssertEqual(SpellingLanguages.script(of: "Ёжик"), .cyrillic)
        XCTAssertEqual(SpellingLanguages.script(of: "Ça déjà"), .latin)
        XCTAssertNil(SpellingLanguages.script(of: "12:30 🙂 !"), "no letters: the language in use stays")
        XCTAssertNil(SpellingLanguages.script(of: "日本語"))
    }

    func testEachScriptGoesToItsUsualLanguageWithoutAChoice() {
        let languages = SpellingLanguages()
        XCTAssertEqual(languages.language(for: "Helo", available: installed, desktop: "en_US"), "en_US")
        XCTAssertEqual(languages.language(for: "Превет", available: installed, desktop: "en_US"), "ru_RU")
        XCTAssertNil(languages.language(for: "…", available: installed, desktop: "en_US"))
        XCTAssertEqual(languages.language(for: "Hallo", available: ["de_DE", "en_GB", "ru_RU"], desktop: "de_DE"), "de_DE",
                       "the desktop's language for its own script")
        XCTAssertEqual(languages.language(for: "Hello", available: ["en_GB", "ru_RU"], desktop: "ru_RU"), "en_GB",
                       "a Russian desktop still checks Latin letters in English")
        XCTAssertEqual(languages.language(for: "Привет", available: ["uk_UA", "en_US"], desktop: nil), "uk_UA",
                       "any Cyrillic dictionary when there is no Russian one")
        XCTAssertNil(languages.language(for: "Привет", available: ["en_US"], desktop: nil), "no Cyrillic dictionary: unchanged")
    }

    func testAChoiceIsKeptForTheScriptTypedWhenItWasMade() {
        var languages = SpellingLanguages()
        languages.choose("ru_RU", forTextLike: "Hello")
        XCTAssertEqual(languages.chosen, ["latin": "ru_RU"])
        XCTAssertEqual(languages.language(for: "there", available: installed, desktop: "en_US"), "ru_RU")
        XCTAssertEqual(languages.language(for: "там", available: installed, desktop: "en_US"), "ru_RU")
        languages.choose("en_US", forTextLike: "")
        XCTAssertEqual(languages.chosen, ["latin": "en_US"], "no letters: the language's own script")
        languages.choose("uk_UA", forTextLike: "")
        XCTAssertEqual(languages.chosen["cyrillic"], "uk_UA")
        XCTAssertEqual(languages.language(for: "там", available: installed, desktop: nil), "ru_RU",
                       "a choice without its dictionary here falls back")
    }

    func testSettingsKeepOnlyChoicesForKnownScripts() throws {
        let json = #"{"spellingLanguages": {"latin": "en_GB", "klingon": "tlh", "cyrillic": 3}}"#
        XCTAssertEqual(try JSONDecoder().decode(AppSettings.self, from: Data(json.utf8)).spellingLanguages, ["latin": "en_GB"])
        var settings = AppSettings.defaults
        settings.spellingLanguages = ["cyrillic": "ru_RU"]
        let again = try JSONDecoder().decode(AppSettings.self, from: JSONEncoder().encode(settings))
        XCTAssertEqual(again.spellingLanguages, ["cyrillic": "ru_RU"])
    }
}
