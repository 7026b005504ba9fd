import CGdkPixbuf
import FoundationEssentials
import Glibc
import HelperWire
import Localization

/// The decoder: JPEG, PNG, GIF, WebP, AVIF, HEIF, SVG, TIFF, BMP and ICO with gdk-pixbuf, at the size shown,
/// upright by EXIF. `ImageHeader` picks the loader and refuses what is over `DecodingLimits` before allocating;
/// regions and large PNGs and JPEGs stream (`StreamedRegions`).
public struct PixbufImageDecoder: Sendable {
    private let memory: DecodingMemory
    private let pixels: any PixelAllocating

    /// `pixels` receives pictures decoded by parts (the helper's memory file it hands over).
    public init(memory: DecodingMemory = .shared, pixels: any PixelAllocating = HeapPixels()) {
        self.memory = memory
        self.pixels = pixels
    }

    /// Decodes `data` for `target`.
    public func decode(_ data: Data, to target: DecodingTarget) throws(PictureRefusal) -> DecodedImage {
        try decode(data, maximumPixelSize: target.side, filling: target.filling, animates: target.animates, region: target.region)
    }

    /// Fits `maximumPixelSize` (or fills it), every frame with `animates`, only `region` when given.
    public func decode(_ data: Data, maximumPixelSize: Int, filling: Bool = false, animates: Bool = false,
                       region: PictureRegion? = nil) throws(PictureRefusal) -> DecodedImage {
        guard let header = ImageHeader(data) else { throw .notAnImage }
        // An icon whose largest image is a PNG: that PNG is the picture.
        if header.format == .ico, let png = IconEntries.largestPNG(in: data) {
            return try decode(png, maximumPixelSize: maximumPixelSize, filling: filling, animates: animates, region: region)
        }
        guard header.format == .svg || (header.width > 0 && header.height > 0) else { throw .notAnImage }
        // A streamed picture is never whole in memory: only its side is limited.
        let streams = header.frameCount == 1 && StreamedRegions.streams(data, header: header)
        guard header.width <= DecodingLimits.maximumSide, header.height <= DecodingLimits.maximumSide,
              streams || header.width * header.height * header.frameCount <= DecodingLimits.maximumPixels else {
            throw .tooLarge(width: header.width, height: header.height)
        }
        let target = DecodingTarget(side: maximumPixelSize, filling: filling, animates: animates && header.frameCount > 1 && region == nil, region: region)
        if streams, region != nil || StreamedRegions.streamsWhole(header) {
            // What it holds: the part asked for, one row and the sums of one.
            let scaled = target.size(width: header.width, height: header.height)
            let part = region?.clamped(width: scaled.width, height: scaled.height)
            let bytes = (part.map { $0.width * $0.height } ?? scaled.width * scaled.height) * 4 + header.width * 12
            let streamed = try memory.withReservation(bytes) { () throws(PictureRefusal) -> DecodedImage? in
                try StreamedRegions.decode(data, header: header, target: target, pixels: pixels)
            }
            if let streamed { return streamed }
            guard header.width * header.height <= DecodingLimits.maximumPixels else {
                throw .tooLarge(width: header.width, height: header.height)
            }
        }
        return try memory.withReservation(header.workingBytes) { () throws(PictureRefusal) -> DecodedImage in
            if target.animates, header.format == .webp,
               let frames = WebPAnimation.frames(of: data, target: target, profile: header.colourProfile,
                                                 original: (header.width, header.height)) {
                return frames
            }
            return try decode(data, header: header, target: target)
        }
    }

    private func decode(_ data: Data, header: ImageHeader, target: DecodingTarget) throws(PictureRefusal) -> DecodedImage {
        var error: UnsafeMutablePointer<GError>? = nil
        guard let loader = gdk_pixbuf_loader_new_with_type(header.format.loaderName, &error) else {
            // The loader module is not installed (the project's scripts install them all).
            if let error { g_error_free(error) }
            throw .notAnImage
        }
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let drawing = DrawingSize(target: target)
        // The loader calls back into it until it is closed, below.
        defer { withExtendedLifetime(drawing) {} }
        if header.format == .svg {
            // A drawing is rendered at the size asked once the renderer read its own, up as well as down.
            drawing.connect(to: loader)
        } else if header.format.scalesWhileLoading, !(target.animates && header.format == .gif) {
            let (width, height) = target.size(width: header.width, height: header.height)
            if width != header.width || height != header.height {
                gdk_pixbuf_loader_set_size(loader, gint(width), gint(height))
            }
        }
        let written = data.withUnsafeBytes { bytes in
            gdk_pixbuf_loader_write(loader, bytes.baseAddress!.assumingMemoryBound(to: guchar.self), gsize(bytes.count), &error)
        }
        // Close even after a failed write (the loader insists); keep the first error.
        var closeError: UnsafeMutablePointer<GError>? = nil
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? tr("incomplete image")
            if let error { g_error_free(error) }
            throw .undecodable(message)
        }
        if let error { g_error_free(error) }
        if target.animates, header.format == .gif, let animation = gdk_pixbuf_loader_get_animation(loader),
           gdk_pixbuf_animation_is_static_image(animation) == 0, let frames = Self.frames(of: animation, count: header.frameCount, target: target,
                                                                                          original: (header.width, header.height)) {
            return frames
        }
        // Read before orientation makes a new pixbuf without the loader's options.
        let profile = ColourProfiles.embeddedProfile(of: pixbuf) ?? header.colourProfile
        // Upright by EXIF (HEIF and AVIF come upright): a new reference, ours, outliving the loader.
        guard var shown = gdk_pixbuf_apply_embedded_orientation(pixbuf) else { throw .undecodable(tr("incomplete image")) }
        // The picture's own size as turned (EXIF, or a HEIF's rotation its header does not count).
        let upright = (Int(gdk_pixbuf_get_width(shown)), Int(gdk_pixbuf_get_height(shown)))
        let turned = header.width != header.height && (header.width > header.height) != (upright.0 > upright.1)
        let original = header.format == .svg ? nil : turned ? (header.height, header.width) : (header.width, header.height)
        let stored = (Int(gdk_pixbuf_get_width(shown)), Int(gdk_pixbuf_get_height(shown)))
        let (width, height) = target.size(width: stored.0, height: stored.1)
        if header.format != .svg, (width, height) != stored,
           let scaled = gdk_pixbuf_scale_simple(shown, gint(width), gint(height), GDK_INTERP_BILINEAR) {
            g_object_unref(UnsafeMutableRawPointer(shown))
            shown = scaled
        }
        if let region = target.region { shown = try StreamedRegions.crop(shown, to: region) }
        // To sRGB at the size shown (a HEIF's full size would cost the conversion many times over).
        let converted = ColourProfiles.shared.convertToSRGB(shown, fileProfile: profile)
        return DecodedImage(adopting: shown, original: original, colourProfile: converted ? profile.flatMap(ColourProfiles.name) : nil)
    }
}

extension PixbufImageDecoder {
    /// How short a frame may be.
    static let shortestFrame = Duration.milliseconds(20)
    /// A frame of 0 or 1 hundredths shows this long, as browsers show them.
    static let fastFrame = Duration.milliseconds(100)

    /// `count` frames scaled to `target` by the animation's clock; nil past `maximumFrameBytes`.
    static func frames(of animation: OpaquePointer, count: Int,
                       target: DecodingTarget, original: (width: Int, height: Int)) -> DecodedImage? {
        let start = g_get_real_time() / 1000
        guard let iterator = tessera_pixbuf_animation_start(animation, start) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(iterator)) }
        var frames = AnimationFrames(target: target)
        var elapsed = 0
        for _ in 0..<count {
            guard let shown = gdk_pixbuf_animation_iter_get_pixbuf(iterator) else { break }
            let milliseconds = Int(gdk_pixbuf_animation_iter_get_delay_time(iterator))
            // -1: the last frame shows for ever.
            guard frames.append(shown, milliseconds: milliseconds), milliseconds >= 0 else { break }
            elapsed += milliseconds
            tessera_pixbuf_animation_advance(iterator, start + gint64(elapsed))
        }
        return frames.image(original: original)
    }
}

/// Sets an SVG loader's size on "size-prepared": the target's box at the drawing's aspect ratio.
private final class DrawingSize {
    let target: DecodingTarget

    init(target: DecodingTarget) {
        self.target = target
    }

    /// The loader must not outlive this object (both live for one decode).
    func connect(to loader: UnsafeMutablePointer<GdkPixbufLoader>) {
        let prepared: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, gint, gint, gpointer?) -> Void = { loader, width, height, box in
            guard let loader, let box, width > 0, height > 0 else { return }
            let target = Unmanaged<DrawingSize>.fromOpaque(box).takeUnretainedValue().target
            let shown = target.filling ? min(width, height) : max(width, height)
            let scale = Double(target.side) / Double(shown)
            gdk_pixbuf_loader_set_size(loader, gint(max(1, (Double(width) * scale).rounded())),
                                       gint(max(1, (Double(height) * scale).rounded())))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(prepared, to: GCallback.self),
                              Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }
}
