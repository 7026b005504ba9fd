// Runs in the app (tessera) and its helpers (tessera-decoder, -poster, -player): both ends of each pipe.

/// Cairo's ARGB32: native-endian premultiplied words, painted by the app straight from the mapped file.
public enum CairoPixels {
    /// RGBA to ARGB32 in place, rounded as `gdk_cairo_set_source_pixbuf` does.
    public static func premultiply(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, rowstride: Int) {
        for row in 0..<height {
            let start = (pixels + row * rowstride).assumingMemoryBound(to: UInt8.self)
            for column in 0..<width {
                let pixel = start + column * 4
                let red = pixel[0], green = pixel[1], blue = pixel[2], alpha = pixel[3]
                let word: UInt32
                if alpha == 255 {
                    word = 0xFF00_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                } else {
                    word = UInt32(alpha) << 24 | UInt32(multiply(red, alpha)) << 16 | UInt32(multiply(green, alpha)) << 8
                        | UInt32(multiply(blue, alpha))
                }
                UnsafeMutableRawPointer(pixel).storeBytes(of: word.littleEndian, as: UInt32.self)
            }
        }
    }

    /// `colour × alpha / 255`, rounded as GTK rounds it.
    @inline(__always)
    private static func multiply(_ colour: UInt8, _ alpha: UInt8) -> UInt8 {
        let product = UInt32(colour) * UInt32(alpha) + 0x80
        return UInt8(((product >> 8) + product) >> 8)
    }
}
