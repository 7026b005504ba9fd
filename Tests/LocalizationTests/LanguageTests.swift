import Foundation
@testable import Localization
import XCTest

/// The app's words and dates in the user's language, from the catalogues the build compiled.
final class LanguageTests: XCTestCase {
    /// Switches this process to Russian the way a user's environment would (`LANGUAGE`, with a
    /// locale that is not "C", where gettext ignores `LANGUAGE`), and back to English after.
    private func inRussian(_ body: () throws -> Void) throws {
        let catalogues = try XCTUnwrap(Localization.cataloguesBesideThisProgram,
                                       "no compiled catalogue beside the test program: make test compiles them (.ci/build-locale.sh)")
        let saved = ["LANGUAGE", "LC_ALL"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
        setenv("LANGUAGE", "ru", 1)
        setenv("LC_ALL", "C.UTF-8", 1)
        Localization.start(catalogues: catalogues)
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
            Localization.start(catalogues: catalogues)
        }
        try body()
    }

    func testRussianWordsAndItsThreePluralForms() throws {
        try inRussian {
            XCTAssertEqual(Localization.interfaceLanguage, "ru")
            XCTAssertEqual(tr("Gallery"), "Галерея")
            XCTAssertEqual(tr("Edit {name}", ["name": "Adam"]), "Редактирование: Adam")
            let forms = [1, 3, 5, 11, 21, 22, 25].map {
                ntr("A name can be at most {count} character long.", "A name can be at most {count} characters long.", count: $0)
            }
            XCTAssertEqual(forms, [
                "Имя может содержать не более 1 символа.", "Имя может содержать не более 3 символов.",
                "Имя может содержать не более 5 символов.", "Имя может содержать не более 11 символов.",
                "Имя может содержать не более 21 символа.", "Имя может содержать не более 22 символов.",
                "Имя может содержать не более 25 символов.",
            ])
            let people = [1, 3, 20].map {
                ntr("{count} person is now stored on this computer. Their avatars download one at a time as their rows come into view.",
                    "{count} people are now stored on this computer. Their avatars download one at a time as their rows come into view.",
                    count: $0).prefix(while: { $0 != "." })
            }
            XCTAssertEqual(people, ["Данные 1 человека теперь хранятся на этом компьютере",
                                    "Данные 3 человек теперь хранятся на этом компьютере",
                                    "Данные 20 человек теперь хранятся на этом компьютере"])
        }
        XCTAssertEqual(tr("Gallery"), "Gallery", "English again after")
        XCTAssertEqual(Localization.interfaceLanguage, "en")
    }

    /// Sizes as GNOME writes them: decimal units, one decimal under ten of a unit, in the
    /// interface's words (Russian: байт, кБ, МБ, ГБ, with their plural forms).
    func testSizesAreWrittenInDecimalUnitsInTheInterfacesLanguage() throws {
        let bytes = [0, 1, 999, 1000, 12_345, 4_849_000, 12_500_000, 2_500_000_000]
        XCTAssertEqual(bytes.map(sizeText(bytes:)),
                       ["0 bytes", "1 byte", "999 bytes", "1.0 kB", "12 kB", "4.8 MB", "13 MB", "2.5 GB"])
        try inRussian {
            XCTAssertEqual([1, 3, 5, 4_849_000, 12_345].map(sizeText(bytes:)), ["1 байт", "3 байта", "5 байт", "4.8 МБ", "12 кБ"])
        }
    }

    func testDatesAreWrittenInTheInterfacesLanguage() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000) // 18 November 2026
        let style = Date.FormatStyle(date: .abbreviated, time: .omitted, timeZone: TimeZone(identifier: "UTC")!)
        try inRussian {
            XCTAssertTrue(date.formatted(style.locale(Localization.locale)).contains("нояб."))
        }
        XCTAssertTrue(date.formatted(style.locale(Localization.locale)).contains("Nov"))
    }

    func testTheDateLocaleTakesTheRegionOnlyForTheSameLanguage() {
        func locale(_ language: String, _ environment: [String: String]) -> String {
            Localization.locale(interfaceLanguage: language, environment: environment).identifier
        }
        XCTAssertEqual(locale("ru", ["LANG": "C.UTF-8"]), "ru")
        XCTAssertEqual(locale("ru", ["LANG": "ru_UA.UTF-8"]), "ru_UA")
        XCTAssertEqual(locale("ru", ["LANG": "en_GB.UTF-8"]), "ru", "a Russian window never writes English month names")
        XCTAssertEqual(locale("en", ["LANG": "en_GB.UTF-8"]), "en_GB")
        XCTAssertEqual(locale("en", ["LC_ALL": "en_US.UTF-8", "LANG": "en_GB.UTF-8"]), "en_US")
        XCTAssertEqual(locale("en", ["LC_TIME": "en_IE.UTF-8@euro"]), "en_IE")
        XCTAssertEqual(locale("en", [:]), "en_001")
        XCTAssertEqual(locale("en", ["LANG": "C"]), "en_001")
    }

    func testCataloguesAreFoundBesideTheProgramOrUnderItsPrefix() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let build = root.appendingPathComponent("build"), prefix = root.appendingPathComponent("prefix")
        for folder in [build.appendingPathComponent("locale/ru/LC_MESSAGES"), prefix.appendingPathComponent("bin"),
                       prefix.appendingPathComponent("share/locale/ru/LC_MESSAGES")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        XCTAssertNil(Localization.catalogues(besides: build.appendingPathComponent("tessera")), "a folder without catalogues")
        for catalogue in ["build/locale/ru/LC_MESSAGES/tessera.mo", "prefix/share/locale/ru/LC_MESSAGES/tessera.mo"] {
            FileManager.default.createFile(atPath: root.appendingPathComponent(catalogue).path, contents: Data())
        }
        XCTAssertEqual(Localization.catalogues(besides: build.appendingPathComponent("tessera"))?.path,
                       build.appendingPathComponent("locale").path)
        XCTAssertEqual(Localization.catalogues(besides: prefix.appendingPathComponent("bin/tessera"))?.path,
                       prefix.appendingPathComponent("share/locale").path)
    }
}
