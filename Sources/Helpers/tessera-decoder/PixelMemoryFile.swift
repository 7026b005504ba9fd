import CDescriptorPassing
import CGdkPixbuf
import Glibc

/// A memory file decoded into and handed over as is; owned by the pixbuf over it.
final class PixelMemoryFile {
    let descriptor: Int32
    let start: UnsafeMutableRawPointer
    let length: Int

    /// A file of `length` bytes, mapped; nil when there is no room.
    init?(length: Int) {
        let descriptor = tessera_sealable_memory(length)
        guard descriptor >= 0 else { return nil }
        guard let start = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), start != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.start = start
        self.length = length
    }

    deinit {
        munmap(start, length)
        close(descriptor)
    }

    /// Seals the file, first remapping it read-only in place (a writable mapping blocks sealing); errno or 0.
    func seal() -> Int32 {
        guard mmap(start, length, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0) == start else { return errno }
        return tessera_seal(descriptor)
    }
}
