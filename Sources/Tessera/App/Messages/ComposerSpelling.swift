import Domain
import Gtk

/// The composer's spelling: checked in the language of the script typed, or the one the person
/// chose in the context menu while typing that script, remembered through `remember`.
@MainActor
final class ComposerSpelling {
    private let entry: Entry
    private let checker: SpellChecker
    private var languages: SpellingLanguages
    private let available = SpellChecker.availableLanguages
    private let desktop = SpellChecker.defaultLanguage
    private let remember: @MainActor (SpellingLanguages) -> Void
    private var followed: String? // set from the text; any other came from the context menu

    /// Nil when spelling cannot be checked here (gspell missing).
    init?(entry: Entry, languages: SpellingLanguages, remember: @escaping @MainActor (SpellingLanguages) -> Void) {
        let first = languages.language(for: entry.text, available: available, desktop: desktop) ?? desktop
        guard let checker = SpellChecker.checking(entry, language: first) else { return nil }
        self.entry = entry
        self.checker = checker
        self.languages = languages
        self.remember = remember
        followed = checker.language
        checker.onLanguageChange { [weak self] _ in self?.noticeChoice() }
        entry.onChanged { [weak self] in self?.follow() }
    }

    var language: String? { checker.language }

    private func follow() {
        noticeChoice()
        guard let wanted = languages.language(for: entry.text, available: available, desktop: desktop),
              wanted != checker.language else { return }
        followed = wanted
        checker.language = wanted
    }

    /// A language the text did not choose was picked in the context menu: kept for this script.
    private func noticeChoice() {
        guard let current = checker.language, current != followed else { return }
        followed = current
        languages.choose(current, forTextLike: entry.text)
        remember(languages)
    }
}
