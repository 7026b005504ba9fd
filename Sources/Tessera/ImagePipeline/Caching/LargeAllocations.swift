import CGdkPixbuf

/// How the process's allocator treats large blocks (decoded images, downloaded bodies).
///
/// glibc serves blocks over a threshold straight from the system (mmap) and gives them back on
/// free, but it raises that threshold each time such a block is freed, up to 32 MiB. After a few
/// hundred images have come and gone, every decoded image lands in a heap arena instead, and the
/// arenas of the decoding threads keep their freed space: resident memory then grows far past what
/// the caches hold. Pinning the threshold keeps large blocks in mmap, returned on free, whenever
/// their arena has no free space that fits them (glibc serves a block from free space first; a
/// soak's arenas held some tens of such blocks).
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
