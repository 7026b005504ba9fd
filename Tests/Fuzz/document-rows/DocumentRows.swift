import Foundation
import FuzzSupport
@testable import Persistence

/// libFuzzer's entry: the first byte is a row count, the rest a document cut anywhere. The leading rows read
/// from a cut document are a prefix of the rows the app's whole read gives, and read as JSON again.
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

/// The `items` list as the app's whole read (`JSONDecoder`) gives it: the first of keys written twice.
private func rows(in data: Data) -> [Value]? {
    try? JSONDecoder().decode(Document.self, from: data).items
}

private struct Document: Decodable { var items: [Value] }

/// Any JSON value, compared as read.
private enum Value: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), list([Value]), object([String: Value])

    init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if value.decodeNil() { self = .null } else if let bool = try? value.decode(Bool.self) { self = .bool(bool) }
        else if let number = try? value.decode(Double.self) { self = .number(number) }
        else if let string = try? value.decode(String.self) { self = .string(string) }
        else if let list = try? value.decode([Value].self) { self = .list(list) }
        else { self = .object(try value.decode([String: Value].self)) }
    }
}

@_cdecl("fuzz_document_rows_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzDocumentRows)
}
