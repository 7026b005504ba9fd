import Foundation
import Persistence

// Rewrites a JSON document store in a loop for the crash-safety test, which kills this process
// with SIGKILL at random moments and then checks the file. After each save returns it prints
// "ack <revision>" on stdout, so the test knows which states were acknowledged.

struct Revision: Codable, Sendable {
    var revision: Int
    var items: [String]
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: tessera-crash-writer FILE\n".utf8))
    exit(2)
}
let store = JSONDocumentStore<Revision>(url: URL(fileURLWithPath: CommandLine.arguments[1]))
var revision = 0
while true {
    revision += 1
    // Documents of changing size, so a torn write would show as a truncated or mixed file.
    let items = (0..<(revision % 50 + 1)).map { "item \($0) of revision \(revision)" }
    do {
        try store.saveNow(Revision(revision: revision, items: items))
    } catch {
        FileHandle.standardError.write(Data("save failed: \(error)\n".utf8))
        exit(1)
    }
    FileHandle.standardOutput.write(Data("ack \(revision)\n".utf8))
}
