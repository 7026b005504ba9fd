import Domain
import Foundation
import FuzzSupport
@testable import Repositories

/// libFuzzer's entry: the first byte picks a JSON reader, the rest is what a server or a file could hold.
/// What the app writes back (the gallery's document, the settings) must read again as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContractJSON(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let body = Data(UnsafeBufferPointer(start: bytes + 1, count: count - 1))
    switch bytes[0] % 5 {
    case 0:
        if let object = try? LiveFeedRepository.object(in: body),
           let posts = try? LiveFeedRepository.posts(in: object, maximumPosts: LiveFeedRepository.maximumPostsPerPage) {
            if posts.count > LiveFeedRepository.maximumPostsPerPage { fail("a page of \(posts.count) posts") }
        }
    case 1:
        _ = try? LiveMessagesRepository.decode(body)
    case 2:
        if let feed = try? FactsDecoder.decode(body), feed.facts.count > FactsFeed.maximumRows { fail("\(feed.facts.count) facts") }
    case 3:
        if let document = try? JSONDecoder().decode(GalleryDocument.self, from: body) {
            let again = readAgain(document)
            if again.items != document.items { fail("gallery items \(document.items) read back as \(again.items)") }
        }
    default:
        if let settings = try? JSONDecoder().decode(AppSettings.self, from: body), readAgain(settings) != settings {
            fail("settings \(settings) read back as \(readAgain(settings))")
        }
    }
    return 0
}

/// `value` written as the app writes it, then read.
private func readAgain<Value: Codable>(_ value: Value) -> Value {
    do {
        return try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    } catch {
        fail("\(value) written as nothing readable: \(error)")
    }
}

@_cdecl("fuzz_contract_json_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzContractJSON)
}
