import Foundation
import FuzzSupport
@testable import Persistence

/// libFuzzer's entry: the first byte is a row count, the rest a document cut anywhere. The leading rows read
/// from a cut document are a prefix of the whole document's rows, and the same document once closed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocumentRows(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 1 else { return 0 }
    let document = Data(UnsafeBufferPointer(start: bytes + 1, count: count - 1))
    let wanted = Int(bytes[0] % 16) + 1
    let whole = rows(in: document)
    for cut in Set([document.count, document.count / 2, document.count * 3 / 4, Int(bytes[0]) % document.count]) {
        guard let leading = LeadingRows.document(from: document.prefix(cut), key: "items", count: wanted) else { continue }
        guard leading.count <= cut + 2 else { fail("\(cut) bytes closed into \(leading.count)") }
        guard let whole else { continue }
        guard let read = rows(in: leading) else { fail("the first rows of a readable document are not readable") }
        if read.count > wanted || read.count > whole.count || read != Array(whole.prefix(read.count)) {
            fail("rows \(read) read from \(cut) bytes; the whole document's are \(whole)")
        }
    }
    return 0
}

/// The `items` list of a JSON object, each row as JSON text, when the document reads whole.
private func rows(in data: Data) -> [String]? {
    guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any],
          let items = object["items"] as? [Any] else { return nil }
    return items.map { row in
        (try? JSONSerialization.data(withJSONObject: row, options: [.fragmentsAllowed, .sortedKeys]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\(row)"
    }
}

@_cdecl("fuzz_document_rows_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDocumentRows)
}
