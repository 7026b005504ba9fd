import Domain
import Gtk

/// The composer's spelling: checked in the language of the script typed, or the one the person
/// chose in the context menu while typing that script, remembered through `remember`.
@MainActor
final class ComposerSpelling {
    private let entry: Entry
    /// A checker per language used, so a change of script swaps checkers instead of reloading a dictionary.
    private var checkers: [String: SpellChecker] = [:]
    private var current: SpellChecker
    private var languages: SpellingLanguages
    private let available = SpellChecker.availableLanguages
    private let desktop = SpellChecker.defaultLanguage
    private let remember: @MainActor (SpellingLanguages) -> Void
    private var followed: String? // set from the text; any other came from the context menu

    /// Nil when spelling cannot be checked here (gspell missing).
    init?(entry: Entry, languages: SpellingLanguages, remember: @escaping @MainActor (SpellingLanguages) -> Void) {
        let first = languages.language(for: entry.text, available: available, desktop: desktop) ?? desktop
        guard let checker = SpellChecker.make(language: first) else { return nil }
        self.entry = entry
        current = checker
        self.languages = languages
        self.remember = remember
        followed = checker.language
        adopt(checker)
        checker.check(entry)
        entry.onChanged { [weak self] in self?.follow() }
    }

    var language: String? { current.language }

    private func adopt(_ checker: SpellChecker) {
        if let language = checker.language { checkers[language] = checker }
        checker.onLanguageChange { [weak self] _ in self?.noticeChoice() }
    }

    private func follow() {
        noticeChoice()
        guard let wanted = languages.language(for: entry.text, available: available, desktop: desktop),
              wanted != current.language else { return }
        guard let next = checkers[wanted] ?? SpellChecker.make(language: wanted) else { return }
        if checkers[wanted] == nil { adopt(next) }
        followed = wanted
        current = next
        current.check(entry)
    }

    /// A language the text did not choose was picked in the context menu: kept for this script.
    private func noticeChoice() {
        guard let chosen = current.language, chosen != followed else { return }
        if let followed, checkers[followed] === current { checkers[followed] = nil }
        checkers[chosen] = current
        followed = chosen
        languages.choose(chosen, forTextLike: entry.text)
        remember(languages)
    }
}
