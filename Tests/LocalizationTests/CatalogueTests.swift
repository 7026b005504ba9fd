import Foundation
import TestSupport
import XCTest

/// The template, the Russian catalogue and the marking of words in the sources.
final class CatalogueTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a program from the repository's root; returns its status and what it printed.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try runProgram(program, arguments, in: root)
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-po-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// The template made from the sources as they are now.
    private func freshTemplate() throws -> URL {
        let template = try temporaryFolder().appendingPathComponent("tessera.pot")
        let made = try Self.run("bash", ["po/make-pot.sh", template.path])
        XCTAssertEqual(made.status, 0, made.output)
        return template
    }

    func testTheTemplateIsCurrent() throws {
        let fresh = try Catalogue(url: freshTemplate())
        let committed = try Catalogue(url: Self.root.appendingPathComponent("po/tessera.pot"))
        XCTAssertFalse(fresh.messages.isEmpty)
        let added = fresh.messages.keys.filter { committed.messages[$0] == nil }.sorted()
        let removed = committed.messages.keys.filter { fresh.messages[$0] == nil }.sorted()
        XCTAssertEqual(added, [], "words marked in the sources but not in po/tessera.pot: run make pot")
        XCTAssertEqual(removed, [], "words in po/tessera.pot that the sources no longer have: run make pot")
    }

    func testEverySourceFileThatMarksWordsIsInPOTFILES() throws {
        let listed = Set(try String(contentsOf: Self.root.appendingPathComponent("po/POTFILES"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
        let marking = try NSRegularExpression(pattern: #"\bn?tr\(""#)
        var marks: Set<String> = []
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" && !file.path.contains("/Sources/Shared/Localization/") {
            let text = try String(contentsOf: file, encoding: .utf8)
            if marking.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                marks.insert(String(file.path.dropFirst(Self.root.path.count + 1)))
            }
        }
        XCTAssertEqual(marks.subtracting(listed).sorted(), [], "files with tr( or ntr( that po/POTFILES does not list")
        for file in listed {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path), "\(file) in po/POTFILES")
        }
    }

    func testNoWordsAUserReadsAreLeftUnmarked() throws {
        let result = try Self.run("python3", ["po/check-marked.py", freshTemplate().path])
        XCTAssertEqual(result.status, 0, "literals that look like words but are not marked with tr():\n\(result.output)")
    }

    /// The check itself finds an unmarked literal, and passes a marked one and a line marked as
    /// not translated.
    func testTheCheckFindsAnUnmarkedLiteral() throws {
        let tree = try temporaryFolder()
        let app = tree.appendingPathComponent("Sources/Tessera/App")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("po"), withIntermediateDirectories: true)
        try """
        let a = Label("Hello there")
        let b = Label(tr("Marked words"))
        let c = ["Adam", "Henry"] // not translated
        logger.info("Logged words")
        let d = "view-grid-symbolic"
        """.write(to: app.appendingPathComponent("Sample.swift"), atomically: true, encoding: .utf8)
        try "".write(to: tree.appendingPathComponent("po/not-translated"), atomically: true, encoding: .utf8)
        let template = tree.appendingPathComponent("po/sample.pot")
        try "msgid \"Marked words\"\nmsgstr \"\"\n".write(to: template, atomically: true, encoding: .utf8)
        let result = try Self.run("python3", ["po/check-marked.py", template.path, tree.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines), #"Sources/Tessera/App/Sample.swift:1: "Hello there""#)
    }

    /// Every message translated, none fuzzy, msgfmt --check content, and every `{name}` of the
    /// English text kept in each form of the translation (a lost one would drop a value).
    func testTheRussianCatalogueIsCompleteAndKeepsEveryValue() throws {
        let checked = try Self.run("msgfmt", ["--check", "--statistics", "-o", "/dev/null", "po/ru.po"])
        XCTAssertEqual(checked.status, 0, checked.output)
        let template = try Catalogue(url: Self.root.appendingPathComponent("po/tessera.pot"))
        XCTAssertEqual(checked.output.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(template.messages.count) translated messages.", "no fuzzy or untranslated message")
        let russian = try Catalogue(url: Self.root.appendingPathComponent("po/ru.po"))
        XCTAssertEqual(russian.plurals, "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        for (id, message) in russian.messages {
            let names = Catalogue.placeholders(in: id)
            XCTAssertEqual(message.translations.count, message.plural == nil ? 1 : 3, id)
            for translation in message.translations {
                XCTAssertEqual(Catalogue.placeholders(in: translation), names, "\(id) → \(translation)")
            }
        }
    }
}

/// A .po or .pot file read for its messages.
struct Catalogue {
    struct Message { var plural: String?; var translations: [String] }
    var messages: [String: Message] = [:]
    var plurals: String?

    init(url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        for entry in text.components(separatedBy: "\n\n") {
            var fields: [String: String] = [:]
            var current: String?
            for line in entry.split(separator: "\n") where !line.hasPrefix("#") {
                if let space = line.firstIndex(of: " "), !line.hasPrefix("\"") {
                    current = String(line[..<space])
                    fields[current!] = Self.unquote(line[line.index(after: space)...])
                } else if let key = current {
                    fields[key, default: ""] += Self.unquote(line[...])
                }
            }
            guard let id = fields["msgid"] else { continue }
            if id.isEmpty {
                plurals = fields["msgstr"]?.split(separator: "\n").first { $0.hasPrefix("Plural-Forms: ") }
                    .map { String($0.dropFirst("Plural-Forms: ".count)) }
                continue
            }
            let translations = fields["msgstr"].map { [$0] } ?? (0..<3).compactMap { fields["msgstr[\($0)]"] }
            messages[id] = Message(plural: fields["msgid_plural"], translations: translations)
        }
    }

    private static func unquote(_ quoted: Substring) -> String {
        String(quoted.dropFirst().dropLast()).replacingOccurrences(of: "\\n", with: "\n")
            .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    static func placeholders(in text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\{[a-z]+\}"#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            .map { String(text[Range($0.range, in: text)!]) }.sorted()
    }
}
