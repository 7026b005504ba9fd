import CGdkPixbuf
import CLcms2
import FoundationEssentials
import Glibc
import HelperWire
import Scheduling

/// ICC-tagged pictures to sRGB as they decode (untagged are sRGB); transforms cached, thread-shared.
final class ColourProfiles: Sendable {
    static let shared = ColourProfiles()

    /// Transforms kept: a feed mixes a handful of profiles; past that the oldest go.
    static let keptTransforms = 8

    /// An lcms transform, deleted when the last decode using it lets go.
    private final class Transform: @unchecked Sendable { // immutable once made, and made without cache
        let handle: cmsHTRANSFORM
        init(_ handle: cmsHTRANSFORM) { self.handle = handle }
        deinit { cmsDeleteTransform(handle) }
    }
    private struct Kept {
        var transforms: [Key: Transform] = [:]
        var order: [Key] = []
    }
    private struct Key: Hashable { let profile: Data; let hasAlpha: Bool }
    private let kept = Mutex(Kept())

    /// A profile's own name ("Display P3"); nil when it says none.
    static func name(of profile: Data) -> String? {
        guard let handle = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(handle) }
        var buffer = [CChar](repeating: 0, count: 256)
        guard cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count)) > 0 else { return nil }
        let said = String(cString: buffer).drop { $0.isWhitespace }
        let name = String(said.reversed().drop { $0.isWhitespace }.reversed())
        return name.isEmpty ? nil : name
    }

    static func embeddedProfile(of pixbuf: OpaquePointer) -> Data? {
        guard let option = gdk_pixbuf_get_option(pixbuf, "icc-profile") else { return nil }
        var length: gsize = 0
        guard let bytes = g_base64_decode(option, &length), length > 0 else { return nil }
        defer { g_free(bytes) }
        return Data(bytes: bytes, count: Int(length))
    }

    /// To sRGB in place from the loader's profile, else `profile`; false, unchanged, without a usable one.
    @discardableResult
    func convertToSRGB(_ pixbuf: OpaquePointer, fileProfile: Data? = nil) -> Bool {
        guard let profile = Self.embeddedProfile(of: pixbuf) ?? fileProfile, gdk_pixbuf_get_bits_per_sample(pixbuf) == 8 else { return false }
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard let transform = transform(for: Key(profile: profile, hasAlpha: hasAlpha)) else { return false }
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let stride = cmsUInt32Number(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)
        cmsDoTransformLineStride(transform.handle, pixels, pixels, cmsUInt32Number(width), cmsUInt32Number(height), stride, stride, 0, 0)
        return true
    }

    private func transform(for key: Key) -> Transform? {
        if let kept = kept.withLock({ $0.transforms[key] }) { return kept }
        guard let made = Self.makeTransform(from: key.profile, hasAlpha: key.hasAlpha).map(Transform.init) else { return nil }
        return kept.withLock { kept in
            if let raced = kept.transforms[key] { return raced }
            if kept.order.count >= Self.keptTransforms {
                kept.transforms.removeValue(forKey: kept.order.removeFirst())
            }
            kept.transforms[key] = made
            kept.order.append(key)
            return made
        }
    }

    private static func makeTransform(from profile: Data, hasAlpha: Bool) -> cmsHTRANSFORM? {
        guard let source = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else { return nil }
        defer { cmsCloseProfile(source) }
        guard cmsGetColorSpace(source) == cmsSigRgbData, let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        let format = hasAlpha ? tessera_lcms_rgba_8 : tessera_lcms_rgb_8
        return cmsCreateTransform(source, format, sRGB, format, cmsUInt32Number(INTENT_PERCEPTUAL), tessera_lcms_transform_flags)
    }
}
