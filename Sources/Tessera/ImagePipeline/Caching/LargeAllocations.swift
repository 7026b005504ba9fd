import CGdkPixbuf

/// Pins glibc's mmap threshold, so large blocks return to the system on free.
public enum LargeAllocations {
    /// Blocks of at least this many bytes come from and go back to the system.
    public static let threshold: Int32 = 128 << 10

    /// Call once, early in `main`.
    public static func returnToSystemOnFree() {
        _ = tessera_pin_mmap_threshold(threshold)
    }

    /// The allocator's heap, in use, free and mapped bytes.
    public static func totals() -> (heap: Int, inUse: Int, free: Int, mapped: Int) {
        let totals = tessera_malloc_stats()
        return (Int(totals.heap), Int(totals.inUse), Int(totals.free), Int(totals.mapped))
    }
}
