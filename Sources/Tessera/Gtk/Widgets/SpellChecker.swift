import CGspell
import CGtk

/// An entry's spelling through gspell: underlines, and suggestions and Language in its context menu.
@MainActor
public final class SpellChecker: Object {
    /// The codes of the languages with a dictionary here ("en_US", "ru_RU").
    public static var availableLanguages: [String] { takingStrings(tessera_gspell_available_languages()) }

    public static var defaultLanguage: String? { tessera_gspell_default_language().map { String(cString: $0) } } // the desktop's, else any

    /// A checker for `language` (nil: the desktop's), its dictionary loaded; nil when gspell is missing.
    public static func make(language: String?) -> SpellChecker? {
        tessera_gspell_new_checker(language).map { SpellChecker(adopting: UnsafeMutableRawPointer($0)) }
    }

    /// Checks `entry` with this checker from now on, instead of any other.
    public func check(_ entry: Entry) {
        tessera_gspell_check_entry(entry.raw.cast(), raw.cast())
    }

    /// The language words are checked in; setting one without a dictionary here changes nothing.
    public var language: String? {
        get { tessera_gspell_language(raw.cast()).map { String(cString: $0) } }
        set {
            guard let newValue, newValue != language else { return }
            _ = tessera_gspell_set_language(raw.cast(), newValue)
        }
    }

    /// Calls `body` with the new language whenever it changes, by `language` or the context menu.
    @discardableResult
    public func onLanguageChange(_ body: @escaping @MainActor (String?) -> Void) -> SignalConnection {
        onNotify("language") { [weak self] in body(self?.language) }
    }
}
