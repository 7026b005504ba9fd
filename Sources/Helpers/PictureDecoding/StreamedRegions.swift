import CGdkPixbuf
import CPictureRegions
import FoundationEssentials
import HelperWire
import Localization

/// PNGs and JPEGs streamed by rows through `CPictureRegions`; the rest to gdk-pixbuf within limits.
enum StreamedRegions {
    /// Past this a PNG streams whole too: gdk-pixbuf's PNG loader holds the full size first.
    static let wholeDecodeLimit = 16_000_000

    /// Whether the whole picture (no region asked) is better streamed than decoded by gdk-pixbuf.
    static func streamsWhole(_ header: ImageHeader) -> Bool {
        let pixels = header.width * header.height
        return pixels > DecodingLimits.maximumPixels || (header.format == .png && pixels > wholeDecodeLimit)
    }

    /// A plain PNG or a JPEG (progressive within limits); a JPEG may still refuse (CMYK, turned).
    static func streams(_ data: Data, header: ImageHeader) -> Bool {
        switch header.format {
        case .png:
            var width: Int32 = 0, height: Int32 = 0, interlaced: Int32 = 0
            let read = data.withUnsafeBytes { bytes in
                tessera_png_info(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &width, &height, &interlaced)
            }
            return read != 0 && interlaced == 0
        case .jpeg:
            return !header.isProgressive || header.width * header.height <= DecodingLimits.maximumPixels
        default:
            return false
        }
    }

    /// `target`'s region at its size into a pixbuf from `pixels`; nil when it does not stream after all.
    static func decode(_ data: Data, header: ImageHeader, target: DecodingTarget,
                       pixels: any PixelAllocating = HeapPixels()) throws(PictureRefusal) -> DecodedImage? {
        let scaled = target.size(width: header.width, height: header.height)
        let whole = PictureRegion(x: 0, y: 0, width: scaled.width, height: scaled.height)
        // Outside as stored, maybe inside upright (a turned JPEG, decoded whole).
        guard let region = (target.region ?? whole).clamped(width: scaled.width, height: scaled.height) else { return nil }
        guard region.width * region.height <= DecodingLimits.maximumPixels else {
            throw .tooLarge(width: region.width, height: region.height)
        }
        guard let pixbuf = pixels.makePixbuf(width: region.width, height: region.height, hasAlpha: true) else {
            throw .tooLarge(width: region.width, height: region.height)
        }
        guard gdk_pixbuf_get_rowstride(pixbuf) == gint(region.width * 4) else {
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            return nil
        }
        let area = tessera_region(scaled_width: Int32(scaled.width), scaled_height: Int32(scaled.height),
                                  x: Int32(region.x), y: Int32(region.y), width: Int32(region.width), height: Int32(region.height))
        var profile: UnsafeMutablePointer<UInt8>? = nil
        var profileLength: UInt32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let result = data.withUnsafeBytes { bytes in
            let start = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), out = gdk_pixbuf_get_pixels(pixbuf)
            return header.format == .png
                ? tessera_png_region(start, bytes.count, area, out, &profile, &profileLength, &message, message.count)
                : tessera_jpeg_region(start, bytes.count, area, out, &profile, &profileLength, &message, message.count)
        }
        defer { free(profile) }
        switch result {
        case TESSERA_REGION_DECODED:
            let fileProfile = profile.map { Data(bytes: $0, count: Int(profileLength)) }
            let converted = ColourProfiles.shared.convertToSRGB(pixbuf, fileProfile: fileProfile)
            return DecodedImage(adopting: pixbuf, original: (header.width, header.height),
                                colourProfile: converted ? fileProfile.flatMap(ColourProfiles.name) : nil)
        case TESSERA_REGION_DAMAGED:
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            let detail = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .undecodable(detail.isEmpty ? tr("incomplete image") : detail)
        default:
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            return nil
        }
    }

    /// `region` of `pixbuf` as its own pixbuf; the caller's reference to `pixbuf` is consumed.
    static func crop(_ pixbuf: OpaquePointer, to region: PictureRegion) throws(PictureRefusal) -> OpaquePointer {
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let part = region.clamped(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf))),
              let shared = gdk_pixbuf_new_subpixbuf(pixbuf, gint(part.x), gint(part.y), gint(part.width), gint(part.height)) else {
            throw .undecodable(tr("the part asked for is outside the picture"))
        }
        // A copy of its own: the whole bitmap is let go.
        defer { g_object_unref(UnsafeMutableRawPointer(shared)) }
        guard let copy = gdk_pixbuf_copy(shared) else { throw .undecodable(tr("incomplete image")) }
        return copy
    }
}
