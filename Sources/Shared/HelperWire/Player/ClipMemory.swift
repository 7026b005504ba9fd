import CDescriptorPassing
import HelperPipes
import FoundationEssentials
import Glibc

/// A clip's bytes from the app's pipe into a memory file GStreamer reads: confined helpers open no file.
public enum ClipMemory {
    /// The memory file holding the next `length` bytes of `input`; nil when the input ended first.
    public static func read(length: Int, from input: Int32) -> Int32? {
        let clip = tessera_sealable_memory(length)
        guard clip >= 0 else { return nil }
        guard let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, clip, 0), mapped != MAP_FAILED else {
            close(clip)
            return nil
        }
        defer { munmap(mapped, length) }
        guard HelperProgram.read(UnsafeMutableRawBufferPointer(start: mapped, count: length), from: input, until: .distantFuture) else {
            close(clip)
            return nil
        }
        return clip
    }
}

extension ContinuousClock.Instant {
    /// A deadline that never comes: the helpers wait on the app for as long as it lives.
    public static var distantFuture: Self { .now + .seconds(100 * 365 * 24 * 3600) }
}
