import FuzzSupport
import HelperWire

/// libFuzzer's entry: the first byte picks a helper's wire, the rest a line a helper (or the app) could send.
/// What one side reads must read back the same from the line it writes (the wire is its own inverse).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireReaders(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: bytes + 1, count: count - 1)
    // As `HelperProgram.readLine` hands it over: up to the newline, without it.
    let line = String(decoding: input.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    let maximumLength = 64 << 20
    switch bytes[0] % 7 {
    case 0:
        if let answer = DecoderWire.Answer(line: line) {
            roundTrip(answer, answer.line) { DecoderWire.Answer(line: $0) }
            if case .image(_, let pixels) = answer { precondition(pixels.byteCount > 0) }
        }
    case 1:
        if let request = DecoderWire.Request(line: line, maximumLength: maximumLength) {
            roundTrip(request, request.line) { DecoderWire.Request(line: $0, maximumLength: maximumLength) }
        }
    case 2:
        if let ready = DecoderWire.Ready(line: line) { roundTrip(ready, ready.line) { DecoderWire.Ready(line: $0) } }
    case 3:
        if let answer = PosterWire.Answer(line: line), case .frame(_, let header) = answer {
            precondition(header.payloadLength > 0 && header.payloadLength <= header.rowstride * header.height)
        }
    case 4:
        if let incoming = PosterWire.Incoming(line: line, maximumLength: maximumLength), case .clip(let request) = incoming {
            roundTrip(incoming, request.line) { PosterWire.Incoming(line: $0, maximumLength: maximumLength) }
        }
    case 5:
        if let answer = PlaybackWire.Answer(line: line) { roundTrip(answer, answer.line) { PlaybackWire.Answer(line: $0) } }
    default:
        if let request = PlaybackWire.Request(line: line, maximumLength: maximumLength) {
            roundTrip(request, request.line) { PlaybackWire.Request(line: $0, maximumLength: maximumLength) }
        }
    }
    return 0
}

/// `value` read again from the line written for it, without its newline.
private func roundTrip<Value: Equatable>(_ value: Value, _ written: String, _ read: (String) -> Value?) {
    if written.utf8.last != UInt8(ascii: "\n") { fail("\(written.debugDescription) does not end in a newline") }
    let again = read(String(decoding: written.utf8.dropLast(), as: UTF8.self)) // by bytes: "\r\n" is one Character
    if again != value { fail("\(written.debugDescription) read as \(String(describing: again)), not \(value)") }
}

@_cdecl("fuzz_wire_readers_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzzWireReaders)
}
