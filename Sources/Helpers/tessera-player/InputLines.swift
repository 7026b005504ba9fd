import HelperPipes
import FoundationEssentials
import Glibc
import HelperWire

/// The app's lines read in blocks: one arrives per sample let go, too many for byte reads.
struct InputLines {
    private let descriptor: Int32
    private var pending = [UInt8]()
    private var block = [UInt8](repeating: 0, count: 4096)

    init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next line without its newline; nil once the input ends.
    mutating func next() -> String? {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self)
                pending.removeSubrange(...end)
                return line
            }
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += block[..<count]
        }
    }

    /// Fills `memory` with the bytes that follow the last line; false when the input ends first.
    mutating func read(into memory: UnsafeMutableRawBufferPointer) -> Bool {
        let buffered = min(pending.count, memory.count)
        if buffered > 0 {
            pending.withUnsafeBytes { memory.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: buffered) }
            pending.removeFirst(buffered)
        }
        guard buffered < memory.count else { return true }
        return HelperProgram.read(UnsafeMutableRawBufferPointer(rebasing: memory[buffered...]), from: descriptor, until: .distantFuture)
    }
}
