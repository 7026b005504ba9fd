/// Which dictionary checks what is typed: the one for the script most of its letters are in, the
/// person's choice for that script where they made one, else the desktop's language or English or
/// Russian. Choices are kept by script ("latin": "en_GB"): a Russian sentence is still checked in Russian.
public struct SpellingLanguages: Equatable, Sendable {
    public enum Script: String, CaseIterable, Sendable {
        case latin, cyrillic
    }

    public private(set) var chosen: [String: String] // by `Script.rawValue`, as settings keep it

    public init(chosen: [String: String] = [:]) {
        self.chosen = chosen.filter { Script(rawValue: $0.key) != nil && !$0.value.isEmpty }
    }

    /// The script most of `text`'s letters are in; nil while it has none of either.
    public static func script(of text: String) -> Script? {
        var latin = 0, cyrillic = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: latin += 1
            case 0x400...0x52F: cyrillic += 1
            default: break
            }
        }
        if latin == 0 && cyrillic == 0 { return nil }
        return cyrillic > latin ? .cyrillic : .latin
    }

    public static func script(ofLanguage code: String) -> Script {
        let base = code.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? code
        return cyrillicLanguages.contains(base.lowercased()) ? .cyrillic : .latin
    }

    private static let cyrillicLanguages: Set<String> = ["ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tg", "tt", "ba", "cv"]

    /// The language to check `text` in, among `available`; nil to keep the one in use.
    public func language(for text: String, available: [String], desktop: String?) -> String? {
        guard let script = Self.script(of: text) else { return nil }
        if let choice = chosen[script.rawValue], available.contains(choice) { return choice }
        if let desktop, available.contains(desktop), Self.script(ofLanguage: desktop) == script { return desktop }
        let usual = script == .latin ? "en" : "ru"
        for preferred in [usual + "_US", usual + "_RU", usual] where available.contains(preferred) { return preferred }
        return available.first { $0.hasPrefix(usual) } ?? available.first { Self.script(ofLanguage: $0) == script }
    }

    /// Remembers `language`, chosen by the person while typing `text`, for text in the same
    /// script from now on (for the language's own script while `text` has no letters).
    public mutating func choose(_ language: String, forTextLike text: String) {
        chosen[(Self.script(of: text) ?? Self.script(ofLanguage: language)).rawValue] = language
    }
}
