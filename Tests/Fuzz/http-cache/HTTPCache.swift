import Foundation
import FuzzSupport
@testable import ImagePipeline
@testable import Networking

/// libFuzzer's entry. First byte even: the rest is a response's header lines, read as the client and
/// the picture cache read them, then kept on disk and read back. Odd: the rest is a cache file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPCache(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: bytes + 1, count: count - 1)
    let url = "https://example.org/picture.jpg"
    guard bytes[0] % 2 == 0 else {
        let account = DiskCache.account(in: Data(input.prefix(DiskCache.accountPrefixBytes)))
        if let entry = DiskCache.unpack(Data(input), url: url) {
            if entry.data.count >= input.count { fail("\(input.count) bytes of file held \(entry.data.count) of picture") }
            if entry.account != account { fail("the entry's account \(entry.account ?? "none") read from its start as \(account ?? "none")") }
        }
        return 0
    }
    var headers = ResponseHeaders()
    for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        if case .field(let name, _) = headers.read(line), name.utf8.contains(where: { (65...90).contains($0) }) {
            fail("\(name) kept its capitals")
        }
    }
    let freshness = HTTPFreshness(headers: headers.fields, now: Date(timeIntervalSince1970: 1_796_000_000))
    let payload = Data(input.prefix(64))
    guard let entry = DiskCache.unpack(DiskCache.pack(payload, freshness: freshness, url: url, account: "feed"), url: url),
          entry.account == "feed" else {
        fail("\(freshness) kept on disk for the feed could not be read back")
    }
    let kept = entry.freshness, until = (kept.freshUntil.timeIntervalSince1970, freshness.freshUntil.timeIntervalSince1970)
    if entry.data != payload || kept.validators != stored(freshness.validators)
        || !(until.0 == until.1 || abs(until.0 - until.1) <= 0.001 || (until.0.isNaN && until.1.isNaN)) {
        fail("\(freshness) read back from disk as \(kept)")
    }
    return 0
}

/// The validators as the cache file holds them: an empty one is none.
private func stored(_ validators: HTTPValidators) -> HTTPValidators {
    HTTPValidators(etag: validators.etag.flatMap { $0.isEmpty ? nil : $0 },
                   lastModified: validators.lastModified.flatMap { $0.isEmpty ? nil : $0 })
}

@_cdecl("fuzz_http_cache_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    // Foundation's date parsing keeps a character set for the process's life: made before the
    // leak checker counts, so that it is not taken for an input's leak.
    _ = HTTPFreshness.httpDate("Wed, 21 Oct 2025 07:28:00 GMT")
    return runFuzzer(argc, argv, fuzzHTTPCache)
}
