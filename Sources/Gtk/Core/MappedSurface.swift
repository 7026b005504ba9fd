import CGtk
#if canImport(Glibc)
import Glibc
#endif

/// ARGB32 image surfaces whose pixels are mapped from the system for each surface and given back
/// when it is destroyed, rather than taken from the heap.
///
/// The pictures' surfaces (a tile's picture at its size: 100-400 KB each, hundreds a minute while
/// a feed scrolls) are made on worker threads and kept for as long as their tile shows them. On
/// the heap, glibc serves such a block from any free space its thread's arena has before it maps
/// one on its own, so kept surfaces land between small blocks, and the arena's free space, cut
/// into pieces no later block fits, grew by some 0.2 MB a minute over a long session (the soak:
/// one arena's in-use blocks were tile-sized pixel buffers). A mapping of its own is unmapped
/// whole, whatever was allocated beside it.
public enum MappedSurface {
    /// Below this a surface comes from the heap (`cairo_image_surface_create`): a page or so of
    /// pixels costs less there than a mapping's system calls. 64 KiB: an icon at scale 2 stays
    /// on the heap, a 128-pixel tile does not.
    public static let smallestMapped = 64 << 10

    /// A new surface of `width` x `height` pixels, cleared to transparent; destroy it as any.
    public static func make(width: Int, height: Int) -> OpaquePointer {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, gint(width)))
        let bytes = stride * height
        guard width > 0, height > 0, bytes >= smallestMapped else {
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        }
        // The mapping's length goes in its first bytes (kept 16-byte aligned), for the unmap.
        let length = bytes + header
        let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let base = mapped, base != MAP_FAILED else {
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        }
        base.storeBytes(of: length, as: Int.self)
        let pixels = (base + header).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, gint(width), gint(height), gint(stride))!
        guard cairo_surface_set_user_data(surface, &mappingKey, base, { base in
            guard let base else { return }
            munmap(base, base.load(as: Int.self))
        }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            munmap(base, length)
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))
        }
        return surface
    }

    /// Whether `surface`'s pixels are a mapping of its own (for tests).
    public static func isMapped(_ surface: OpaquePointer) -> Bool {
        cairo_surface_get_user_data(surface, &mappingKey) != nil
    }

    private static let header = 16
}

/// Names the mapping among a surface's user data (cairo tells keys apart by their address).
nonisolated(unsafe) private var mappingKey = cairo_user_data_key_t()
