import CGexiv2
import FoundationEssentials
import HelperWire

/// Reads a picture's EXIF and XMP through gexiv2, from bytes in memory; for the decoder helper alone.
public enum PictureDetailsReader {
    /// Before confinement: exiv2's XMP toolkit is set up once, and nothing it would say is wanted.
    public static func prepare() {
        _ = gexiv2_initialize()
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
    }

    /// What `data`'s metadata says; empty when it has none or cannot be read.
    public static func details(of data: Data) -> PictureDetails {
        guard let metadata = gexiv2_metadata_new() else { return PictureDetails() }
        defer { g_object_unref(UnsafeMutableRawPointer(metadata)) }
        let opened = data.withUnsafeBytes { bytes -> Bool in
            var error: UnsafeMutablePointer<GError>? = nil
            let opened = gexiv2_metadata_open_buf(metadata, bytes.bindMemory(to: guint8.self).baseAddress, glong(bytes.count), &error) != 0
            if let error { g_error_free(error) }
            return opened
        }
        guard opened else { return PictureDetails() }
        var details = PictureDetails()
        details.taken = text(metadata, ["Exif.Photo.DateTimeOriginal", "Xmp.exif.DateTimeOriginal", "Xmp.photoshop.DateCreated",
                                        "Exif.Image.DateTime"])
        details.cameraMake = text(metadata, ["Exif.Image.Make", "Xmp.tiff.Make"])
        details.cameraModel = text(metadata, ["Exif.Image.Model", "Xmp.tiff.Model"])
        details.lens = text(metadata, ["Exif.Photo.LensModel", "Xmp.aux.Lens", "Xmp.exifEX.LensModel"])
        var numerator: gint = 0, denominator: gint = 0
        if attempt({ gexiv2_metadata_try_get_exposure_time(metadata, &numerator, &denominator, $0) != 0 }) == true {
            details.exposure = PictureDetails.Exposure(numerator: Int(numerator), denominator: Int(denominator))
        }
        details.aperture = attempt { gexiv2_metadata_try_get_fnumber(metadata, $0) }.flatMap { $0 > 0 ? $0 : nil }
        details.focalLength = attempt { gexiv2_metadata_try_get_focal_length(metadata, $0) }.flatMap { $0 > 0 ? $0 : nil }
        details.iso = attempt { gexiv2_metadata_try_get_iso_speed(metadata, $0) }.flatMap { $0 > 0 ? Int($0) : nil }
        var latitude = 0.0, longitude = 0.0
        if attempt({ gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, $0) != 0 }) == true,
           attempt({ gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, $0) != 0 }) == true {
            details.latitude = latitude
            details.longitude = longitude
        }
        return details.checked
    }

    /// The first of `tags` the picture has, as exiv2 writes it.
    private static func text(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, _ tags: [String]) -> String? {
        for tag in tags {
            guard attempt({ gexiv2_metadata_try_has_tag(metadata, tag, $0) != 0 }) == true,
                  let value = attempt({ gexiv2_metadata_try_get_tag_string(metadata, tag, $0) }) ?? nil else { continue }
            defer { g_free(value) }
            if let line = PictureDetails(cameraMake: String(cString: value)).checked.cameraMake { return line }
        }
        return nil
    }

    /// `body`'s answer, or nil when it set an error.
    private static func attempt<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) -> T? {
        var error: UnsafeMutablePointer<GError>? = nil
        let value = body(&error)
        guard let error else { return value }
        g_error_free(error)
        return nil
    }
}
