import CGdkPixbuf
import HelperWire

/// A baseline JPEG's rows so far, its grey fill made transparent, as in a browser.
enum TopRows {
    /// Levels off the fill still counted as fill.
    static let fillTolerance = 2

    /// `image` with trailing fill transparent; nil when all fill, itself when none.
    static func withoutFill(_ image: DecodedImage) -> DecodedImage? {
        let source = image.pixbuf
        let width = image.width, height = image.height
        guard !image.isCairoARGB32, image.frames.isEmpty, width > 0, height > 0,
              gdk_pixbuf_get_bits_per_sample(source) == 8, let pixels = gdk_pixbuf_read_pixels(source) else { return image }
        let stride = Int(gdk_pixbuf_get_rowstride(source)), channels = Int(gdk_pixbuf_get_n_channels(source))
        // Within `fillTolerance` of the fill.
        func isFill(_ x: Int, _ y: Int, _ fill: (UInt8, UInt8, UInt8)) -> Bool {
            let at = y * stride + x * channels
            return abs(Int(pixels[at]) - Int(fill.0)) <= fillTolerance && abs(Int(pixels[at + 1]) - Int(fill.1)) <= fillTolerance
                && abs(Int(pixels[at + 2]) - Int(fill.2)) <= fillTolerance
        }
        let corner = (height - 1) * stride + (width - 1) * channels
        let fill = (pixels[corner], pixels[corner + 1], pixels[corner + 2])
        var firstFillRow = height
        while firstFillRow > 0, (0..<width).allSatisfy({ isFill($0, firstFillRow - 1, fill) }) { firstFillRow -= 1 }
        guard firstFillRow < height else { return image }
        guard firstFillRow > 0, let copy = gdk_pixbuf_add_alpha(source, 0, 0, 0, 0),
              let alpha = gdk_pixbuf_get_pixels(copy) else { return nil }
        let copyStride = Int(gdk_pixbuf_get_rowstride(copy))
        for y in firstFillRow..<height {
            for x in 0..<width { alpha[y * copyStride + x * 4 + 3] = 0 }
        }
        // Above them, the fill at the end of each row, up to a row that has none.
        var y = firstFillRow - 1
        while y >= 0 {
            var x = width
            while x > 0, isFill(x - 1, y, fill) { x -= 1 }
            guard x < width else { break }
            for column in x..<width { alpha[y * copyStride + column * 4 + 3] = 0 }
            y -= 1
        }
        return DecodedImage(adopting: copy, original: (image.originalWidth, image.originalHeight), colourProfile: image.colourProfile)
    }
}
