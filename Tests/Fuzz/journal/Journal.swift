import Domain
import Foundation
import FuzzSupport
@testable import Persistence

/// libFuzzer's entry: the first byte's low bit puts the document's header line first, the rest is a gallery's
/// journal as a crash or a disk left it. Read over its document, the journal keeps whole lines only (an append
/// then reads back after what was read), and each change read applies to the items or is refused, leaving them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let tail = Data(UnsafeBufferPointer(start: bytes + 1, count: count - 1))
    let stamp = DocumentStamp(of: tail.prefix(Int(bytes[0] >> 1)))
    var file = Data()
    if bytes[0] & 1 == 1, let header = try? JSONEncoder().encode(Header(over: stamp)) { file = header + [0x0A] }
    file += tail
    // Foundation's Data(contentsOf:) leaks 4 KB reading an empty file (a first append undone): not this reader's.
    guard !file.isEmpty else { return 0 }
    let url = folder.appendingPathComponent("gallery.journal")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try file.write(to: url)
    } catch { fail("could not write the input: \(error)") }
    let contents: ChangeJournal<GalleryChange>.Contents
    do { contents = try ChangeJournal<GalleryChange>.read(url, over: stamp) } catch { fail("read threw \(error)") }
    for change in contents.changes {
        var changed = items
        do { try change.apply(to: &changed, maximumItems: 8) } catch {
            if changed != items { fail("\(change) was refused but changed the items") }
            continue
        }
        if !applied(change, turned: items, into: changed) { fail("\(change) made \(changed.map(\.uuid))") }
    }
    guard contents.unreadable == nil, !contents.removedStale, contents.bytes > 0 else { return 0 }
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
    guard size == contents.bytes else { fail("\(contents.bytes) bytes read, \(size) left") }
    let added = GalleryChange.move(from: 0, to: 1)
    do {
        try ChangeJournal<GalleryChange>.append([added], over: stamp, to: url)
        let again = try ChangeJournal<GalleryChange>.read(url, over: stamp)
        guard again.changes == contents.changes + [added], again.unreadable == nil else {
            fail("appended after \(contents.changes.count) changes, read back \(again.changes.count)")
        }
    } catch { fail("append or read again threw \(error)") }
    return 0
}

/// Whether `after` is `before` with `change` done: a delete took out exactly the items it names, once each;
/// an insert put each item at its index.
private func applied(_ change: GalleryChange, turned before: [GalleryItem], into after: [GalleryItem]) -> Bool {
    switch change {
    case .delete(let placed):
        let named = placed.map(\.item.uuid)
        return Set(named).count == named.count && after == before.filter { !named.contains($0.uuid) }
    case .insert(let placed):
        return after.count == before.count + placed.count && placed.allSatisfy { after[$0.index] == $0.item }
    case .move:
        return after.count == before.count && Set(after.map(\.uuid)) == Set(before.map(\.uuid))
    }
}

/// The journal's first line, as `ChangeJournal` writes it.
private struct Header: Encodable { var over: DocumentStamp }

private let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fuzz-journal-\(getpid())")
private let items = (0..<4).map { GalleryItem(uuid: "item-\($0)", imageUrlString: "http://example.org/\($0).png") }

@_cdecl("fuzz_journal_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzJournal)
}
