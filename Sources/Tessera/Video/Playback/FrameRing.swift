import CDescriptorPassing
import Foundation

/// The player's frame ring mapped read-only once size-sealed; frames point into it uncopied.
public final class FrameRing: @unchecked Sendable {
    public let id: Int
    public let slotSize: Int
    public let count: Int
    private let memory: UnsafeRawPointer

    /// Maps and closes `descriptor`; nil unless a sealed memory file of that size.
    init?(id: Int, slotSize: Int, count: Int, descriptor: Int32) {
        defer { close(descriptor) }
        let (size, overflow) = slotSize.multipliedReportingOverflow(by: count)
        guard !overflow, tessera_is_size_sealed(descriptor, size) != 0,
              let memory = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), memory != MAP_FAILED else { return nil }
        self.id = id
        self.slotSize = slotSize
        self.count = count
        self.memory = UnsafeRawPointer(memory)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: memory), slotSize * count)
    }

    /// The first `length` bytes of `slot`; nil when there is no such slot or it is smaller.
    public func slot(_ slot: Int, length: Int) -> UnsafeRawBufferPointer? {
        guard (0..<count).contains(slot), (1...slotSize).contains(length) else { return nil }
        return UnsafeRawBufferPointer(start: memory + slot * slotSize, count: length)
    }
}
