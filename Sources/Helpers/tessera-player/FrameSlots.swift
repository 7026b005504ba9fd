// Runs in its own process, tessera-player: the clip the viewer plays, confined.

import CDescriptorPassing
import FoundationEssentials
import Glibc

/// The helper's side of the shared frame ring: `count` slots in a size-sealed memory file.
final class FrameSlots {
    let id: Int
    let slotSize: Int
    let count: Int
    /// Slots the app does not hold.
    var free: [Int]
    /// The memory file, until it is handed to the app.
    private var descriptor: Int32
    private let memory: UnsafeMutableRawPointer

    /// Nil when the memory cannot be had.
    init?(id: Int, slotSize: Int, count: Int) {
        let descriptor = tessera_sealable_memory(slotSize * count)
        guard descriptor >= 0 else { return nil }
        guard tessera_seal_size(descriptor) == 0,
              let memory = mmap(nil, slotSize * count, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), memory != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        self.id = id
        self.slotSize = slotSize
        self.count = count
        self.descriptor = descriptor
        self.memory = memory
        free = Array(0..<count)
    }

    deinit {
        munmap(memory, slotSize * count)
        if descriptor >= 0 { close(descriptor) }
    }

    /// Copies `bytes` into `slot`.
    func fill(_ slot: Int, with bytes: UnsafeRawBufferPointer) {
        (memory + slot * slotSize).copyMemory(from: bytes.baseAddress!, byteCount: min(bytes.count, slotSize))
    }

    /// Whether the app has the memory file (`handOver`).
    var isHandedOver: Bool { descriptor < 0 }

    /// Hands the memory file to the app over `socket` (once); false when it could not be sent.
    func handOver(over socket: Int32) -> Bool {
        guard !isHandedOver else { return true }
        defer {
            close(descriptor)
            descriptor = -1
        }
        return tessera_send_descriptor(socket, descriptor) == 0
    }
}
