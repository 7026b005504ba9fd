import CGdkPixbuf
import Foundation
import Scheduling

/// The built-in feed's pictures, as a real feed shows them: the data folder's stills, details cut from
/// its photographs, then the stills that look like a clip, so no picture comes twice among posts near each other.
final class FeedPictures: Sendable {
    /// Made from the same photographs as the clips or another still (data/CREDITS.md): shown after the first details.
    static let lookalikes: Set<String> = ["carnation", "marigold", "meadow", "raindrops"]

    let stills: [URL]
    private let first: [URL], later: [URL]
    private let photographs: [URL]
    private let details = Mutex<[Int: Data]>([:])

    init(stills: [URL]) {
        self.stills = stills
        let lookalike = { (url: URL) in Self.lookalikes.contains(String(url.lastPathComponent.prefix { $0 != "-" })) }
        first = stills.filter { !lookalike($0) }
        later = stills.filter(lookalike)
        photographs = first.filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) }
    }

    /// What the `slot`th still post shows: a file, or the `round`th detail of a photograph.
    private func source(slot: Int) -> (file: URL?, detail: (photograph: Int, round: Int)?)? {
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

    /// A part of the photograph, a little over half of each side, from a corner or the middle as `round` says.
    private static func detail(of photograph: URL, round: Int) -> Data? {
        guard let whole = gdk_pixbuf_new_from_file(photograph.path, nil) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(whole)) }
        let width = Int(gdk_pixbuf_get_width(whole)), height = Int(gdk_pixbuf_get_height(whole))
        let part = (width: width * 11 / 20, height: height * 11 / 20)
        let places: [(Double, Double)] = [(0, 0), (1, 1), (1, 0), (0, 1), (0.5, 0.5)]
        let place = places[round % places.count]
        let x = Int(Double(width - part.width) * place.0), y = Int(Double(height - part.height) * place.1)
        guard let cut = gdk_pixbuf_new_subpixbuf(whole, gint(x), gint(y), gint(part.width), gint(part.height)) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(cut)) }
        var buffer: UnsafeMutablePointer<gchar>? = nil
        var size: gsize = 0
        guard tessera_pixbuf_save(cut, &buffer, &size, "jpeg", nil) != 0, let buffer else { return nil }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}
