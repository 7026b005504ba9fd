import CGtk

/// A large bitmap as X pixmap tiles, each sent once and composited every frame.
@MainActor
final class PictureTiles {
    /// A tile's side in bitmap pixels: 1 MB as ARGB.
    static let side = 512
    /// The most tiles kept: 96 MB of the X server's memory, four screens of tiles at scale 2.
    static let capacity = 96

    private var tiles: [Int: OpaquePointer] = [:]
    /// Tile keys, least recently painted first.
    private var order: [Int] = []
    private var columns = 0

    /// Forgets every tile (a new bitmap, or the widget going away).
    func reset() {
        tiles.values.forEach { cairo_surface_destroy($0) }
        tiles = [:]
        order = []
    }

    /// Paints the tiles in view at `origin`, `factor` device pixels per pixel.
    func paint(_ bitmap: OpaquePointer, on cr: OpaquePointer, origin: (x: Double, y: Double), factor: Double,
               filter: cairo_filter_t, width: Int, height: Int) {
        for place in places(of: bitmap, origin: origin, factor: factor, width: width, height: height) {
            guard let tile = tile(place, of: bitmap, like: cr) else { continue }
            cairo_save(cr)
            // Whole device pixels, edges shared, so no seam shows; the padding fills the difference.
            let left = (origin.x + Double(place.x) * factor).rounded(), top = (origin.y + Double(place.y) * factor).rounded()
            let right = (origin.x + Double(place.x + place.width) * factor).rounded()
            let bottom = (origin.y + Double(place.y + place.height) * factor).rounded()
            cairo_new_path(cr)
            cairo_rectangle(cr, left, top, right - left, bottom - top)
            cairo_translate(cr, origin.x, origin.y)
            cairo_scale(cr, factor, factor)
            cairo_translate(cr, Double(place.x), Double(place.y))
            cairo_set_source_surface(cr, tile, 0, 0)
            // Pads with its edge pixels, so a filter reaching past a tile shows no seam.
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(cr), filter)
            // The path was made in device pixels before the transform: it stays where it is.
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }

    /// Makes at most `budget` missing tiles; true once all exist, so a new bitmap is sent over some frames.
    func prepare(_ bitmap: OpaquePointer, like cr: OpaquePointer, origin: (x: Double, y: Double), factor: Double,
                 width: Int, height: Int, budget: Int) -> Bool {
        var made = 0
        for place in places(of: bitmap, origin: origin, factor: factor, width: width, height: height) where tiles[place.key] == nil {
            guard made < budget else { return false }
            _ = tile(place, of: bitmap, like: cr)
            made += 1
        }
        return true
    }

    /// Where a tile goes: its key, and its rectangle in the bitmap's pixels.
    private struct Place {
        var key: Int
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// Tiles in view with a pixel of margin for the filter, row by row.
    private func places(of bitmap: OpaquePointer, origin: (x: Double, y: Double), factor: Double, width: Int, height: Int) -> [Place] {
        let bitmapWidth = Int(cairo_image_surface_get_width(bitmap)), bitmapHeight = Int(cairo_image_surface_get_height(bitmap))
        columns = (bitmapWidth + Self.side - 1) / Self.side
        let rows = (bitmapHeight + Self.side - 1) / Self.side
        let firstColumn = max(0, Int((-origin.x / factor).rounded(.down) - 1) / Self.side)
        let lastColumn = min(columns - 1, Int(((Double(width) - origin.x) / factor).rounded(.up) + 1) / Self.side)
        let firstRow = max(0, Int((-origin.y / factor).rounded(.down) - 1) / Self.side)
        let lastRow = min(rows - 1, Int(((Double(height) - origin.y) / factor).rounded(.up) + 1) / Self.side)
        guard firstColumn <= lastColumn, firstRow <= lastRow else { return [] }
        var places: [Place] = []
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let x = column * Self.side, y = row * Self.side
                places.append(Place(key: row * columns + column, x: x, y: y,
                                    width: min(Self.side, bitmapWidth - x), height: min(Self.side, bitmapHeight - y)))
            }
        }
        return places
    }

    /// The tile at `place`, made like `cr`'s target and kept, least recently painted dropped past `capacity`.
    private func tile(_ place: Place, of bitmap: OpaquePointer, like cr: OpaquePointer) -> OpaquePointer? {
        let key = place.key, x = place.x, y = place.y, width = place.width, height = place.height
        if let tile = tiles[key] {
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
            return tile
        }
        cairo_surface_flush(bitmap)
        guard let data = cairo_image_surface_get_data(bitmap) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(bitmap))
        // The tile's pixels where they are: no copy on this side.
        guard let region = cairo_image_surface_create_for_data(data + y * stride + x * 4, CAIRO_FORMAT_ARGB32,
                                                               gint(width), gint(height), gint(stride)) else { return nil }
        defer { cairo_surface_destroy(region) }
        guard let tile = cairo_surface_create_similar(cairo_get_target(cr), CAIRO_CONTENT_COLOR_ALPHA, gint(width), gint(height)) else {
            return nil
        }
        // In pixels: a similar surface inherits the device scale.
        cairo_surface_set_device_scale(tile, 1, 1)
        let tcr = cairo_create(tile)!
        cairo_set_operator(tcr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(tcr, region, 0, 0)
        cairo_paint(tcr)
        cairo_destroy(tcr)
        tiles[key] = tile
        order.append(key)
        while order.count > Self.capacity {
            let oldest = order.removeFirst()
            if let gone = tiles.removeValue(forKey: oldest) { cairo_surface_destroy(gone) }
        }
        return tile
    }
}
