import CGdkPixbuf
import Foundation
import Scheduling

/// The built-in feed's pictures, as a real feed shows them: the data folder's stills, details cut from
/// its photographs, then the stills that look like a clip, so no picture comes twice among posts near each other.
final class FeedPictures: Sendable {
    /// Made from the same photographs as the clips or another still (data/CREDITS.md): shown after the first details.
    static let lookalikes: Set<String> = ["carnation", "marigold", "meadow", "raindrops"]
    /// Photographs every part of which looks like the whole: never cut into details.
    static let textures: Set<String> = ["wood"]

    let stills: [URL]
    private let first: [URL], later: [URL]
    let photographs: [URL]
    private let details = Mutex<[Int: Data]>([:])

    init(stills: [URL]) {
        self.stills = stills
        first = stills.filter { !Self.lookalikes.contains(Self.name(of: $0)) }
        later = stills.filter { Self.lookalikes.contains(Self.name(of: $0)) }
        photographs = first.filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) && !Self.textures.contains(Self.name(of: $0)) }
    }

    static func name(of file: URL) -> String { String(file.lastPathComponent.prefix { $0 != "-" }) }

    /// What the `slot`th still post shows: a file, or the `round`th detail of a photograph.
    func source(slot: Int) -> (file: URL?, detail: (photograph: Int, round: Int)?)? {
        if slot < first.count { return (first[slot], nil) }
        guard !photographs.isEmpty else { return slot - first.count < later.count ? (later[slot - first.count], nil) : nil }
        let afterFirst = slot - first.count
        if afterFirst < photographs.count { return (nil, (afterFirst, 0)) }
        if afterFirst - photographs.count < later.count { return (later[afterFirst - photographs.count], nil) }
        let detail = afterFirst - later.count
        return (nil, (detail % photographs.count, detail / photographs.count))
    }

    func fileExtension(slot: Int) -> String {
        source(slot: slot)?.file?.pathExtension.lowercased() ?? "jpg"
    }

    /// The `slot`th still: a file, or a JPEG detail of a photograph; nil without files.
    func still(slot: Int) -> (file: URL?, detail: Data?)? {
        guard let source = source(slot: slot) else { return nil }
        if let file = source.file { return (file, nil) }
        guard let (photograph, round) = source.detail else { return nil }
        if let made = details.withLock({ $0[slot] }) { return (nil, made) }
        guard let made = Self.detail(of: photographs[photograph], round: round) else { return nil }
        details.withLock { $0[slot] = made }
        return (nil, made)
    }

    /// The part of a `width` by `height` photograph its `round`th detail shows: two fifths of each side, from
    /// the corners, then the edges' middles (a photograph's subject sits in its middle: that comes last).
    static func detailRegion(width: Int, height: Int, round: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let part = (width: width * 2 / 5, height: height * 2 / 5)
        let places: [(Double, Double)] = [(1, 1), (0, 1), (1, 0), (0, 0), (0.5, 1), (0.5, 0), (0, 0.5), (1, 0.5), (0.5, 0.5)]
        let place = places[round % places.count]
        return (Int(Double(width - part.width) * place.0), Int(Double(height - part.height) * place.1), part.width, part.height)
    }

    private static func detail(of photograph: URL, round: Int) -> Data? {
        guard let whole = gdk_pixbuf_new_from_file(photograph.path, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(whole)) }
        let (x, y, width, height) = detailRegion(width: Int(gdk_pixbuf_get_width(whole)), height: Int(gdk_pixbuf_get_height(whole)),
                                                 round: round)
        guard let cut = gdk_pixbuf_new_subpixbuf(whole, gint(x), gint(y), gint(width), gint(height)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(cut)) }
        var buffer: UnsafeMutablePointer<gchar>? = nil
        var size: gsize = 0
        guard tessera_pixbuf_save(cut, &buffer, &size, "jpeg", nil) != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
