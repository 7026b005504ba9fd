import CGtk

/// Where a bitmap goes at a zoom, with which filter, tiled or direct.
extension ZoomablePicture {
    /// Where a detail of `part` goes, in device pixels, and its device pixels per pixel.
    static func place(of part: Part, at placement: Placement,
                              pictureWidth: Int) -> (factor: Double, x: Double, y: Double, width: Double, height: Double) {
        let factor = placement.zoom * Double(pictureWidth) / Double(part.scaledWidth)
        return (factor, placement.originX + Double(part.x) * factor, placement.originY + Double(part.y) * factor,
                Double(part.width) * factor, Double(part.height) * factor)
    }

    /// Nearest at 100 % and from 200 %, else bilinear ("good" drops frames).
    static func filter(for factor: Double) -> cairo_filter_t {
        abs(factor - 1) < 0.001 || factor >= 2 ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR
    }

    /// Paints `surface` at `origin`, `factor` device pixels per bitmap pixel.
    func paint(_ surface: OpaquePointer, width: Int, height: Int, tiles: PictureTiles, on cr: OpaquePointer,
                       origin: (x: Double, y: Double), factor: Double, filter: cairo_filter_t,
                       view: (width: Int, height: Int), drawsOnServer: Bool) {
        if drawsOnServer {
            // Under X11 the window is drawn in the X server: the bitmap goes there in tiles.
            tiles.paint(surface, on: cr, origin: origin, factor: factor, filter: filter, width: view.width, height: view.height)
        } else {
            // Drawn on the client (Wayland): straight from the bitmap.
            cairo_save(cr)
            cairo_translate(cr, origin.x, origin.y)
            cairo_scale(cr, factor, factor)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), filter)
            cairo_rectangle(cr, 0, 0, Double(width), Double(height))
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }
}
