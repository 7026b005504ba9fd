import CGdkPixbuf

/// glibc raises its mmap threshold on each large free, after which images land in arenas that keep freed space;
/// pinning it keeps large blocks in mmap, returned on free.
public enum LargeAllocations {
    /// Blocks of at least this many bytes come from and go back to the system.
    public static let threshold: Int32 = 128 << 10

    /// Call once, early in `main`.
    public static func returnToSystemOnFree() {
        _ = tessera_pin_mmap_threshold(threshold)
    }

    /// The allocator's totals in bytes: heap arenas obtained from the system, the part of them in
    /// use and free, and blocks mapped on their own.
    public static func totals() -> (heap: Int, inUse: Int, free: Int, mapped: Int) {
        let totals = tessera_malloc_stats()
        return (Int(totals.heap), Int(totals.inUse), Int(totals.free), Int(totals.mapped))
    }
}
