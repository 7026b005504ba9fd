// Runs in every process: the app, its helpers and the tools.

import CIntl
import FoundationEssentials
import Glibc

/// The app's words through gettext in the environment's language, and the locale dates are written in.
public enum Localization {
    /// Takes the locale and binds `catalogues` (nil: the system's); call before the first word.
    public static func start(catalogues: URL?) {
        setlocale(LC_ALL, "")
        if let catalogues { bindtextdomain(textDomain, catalogues.path) }
        bind_textdomain_codeset(textDomain, "UTF-8")
        textdomain(textDomain)
    }

    /// `locale/` beside `executable`, else `../share/locale` or `../../share/locale`, else nil.
    public static func catalogues(besides executable: URL) -> URL? {
        let folder = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent("locale"),
                          folder.deletingLastPathComponent().appendingPathComponent("share/locale"),
                          folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/locale")]
        return candidates.first { hasCatalogue(in: $0) }
    }

    /// The running program's catalogues (see `catalogues(besides:)`).
    public static var cataloguesBesideThisProgram: URL? {
        catalogues(besides: URL(fileURLWithPath: "/proc/self/exe"))
    }

    private static func hasCatalogue(in folder: URL) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return languages.contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/LC_MESSAGES/\(textDomain).mo").path)
        }
    }

    /// The language of the catalogue gettext chose, else English.
    public static var interfaceLanguage: String {
        let header = String(cString: dgettext(textDomain, ""))
        let language = header.split(separator: "\n")
            .first { $0.hasPrefix("Language:") }?
            .dropFirst("Language:".count)
            .filter { $0 != " " && $0 != "\t" && $0 != "\r" }
        return language.flatMap { $0.isEmpty ? nil : String($0) } ?? "en"
    }

    /// The interface's language (never "Nov" in Russian) with the time locale's region if it matches.
    public static var locale: Locale {
        locale(interfaceLanguage: interfaceLanguage, environment: ProcessInfo.processInfo.environment)
    }

    /// `locale`, from its parts.
    static func locale(interfaceLanguage: String, environment: [String: String]) -> Locale {
        let posix = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // "ru_RU.UTF-8@euro" is "ru_RU"; "C" and "POSIX" name no language.
        let timeLocale = posix.map { String($0.prefix { $0 != "." && $0 != "@" }) }
        let interface = interfaceLanguage.prefix { $0 != "_" }
        if let timeLocale, timeLocale.prefix(while: { $0 != "_" }) == interface {
            return Locale(identifier: timeLocale)
        }
        // International English for the source language with no region, as Foundation's default.
        return Locale(identifier: interface == "en" ? "en_001" : String(interfaceLanguage))
    }
}
