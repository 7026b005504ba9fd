import CLcms2
import Foundation

/// What phones add to photos, a Display P3 profile and an EXIF orientation, for synthesized images.
enum SyntheticTags {
    /// A Display P3 profile made with Little CMS: the P3 primaries, D65 white, the sRGB curve.
    static let displayP3: Data? = {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1),
                                        Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
                                        Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        // The sRGB curve: lcms's parametric type 4, (a x + b)^g above d, c x below.
        var parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let curve = cmsBuildParametricToneCurve(nil, 4, &parameters) else { return nil }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else { return nil }
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
        var bytes = Data(count: Int(size))
        let saved = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &size) }
        return saved != 0 ? bytes : nil
    }()

    /// `jpeg` with an EXIF segment holding `orientation` (1 to 8) right after its start marker.
    static func jpeg(_ jpeg: Data, orientation: Int) -> Data {
        guard jpeg.count > 2, jpeg[jpeg.startIndex] == 0xFF, jpeg[jpeg.startIndex + 1] == 0xD8 else { return jpeg }
        // A little-endian TIFF header, one IFD with one entry: Orientation (0x0112), SHORT, 1.
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00,
                             0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]
        tiff += [UInt8(orientation), 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        var out = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)])
        out.append(contentsOf: payload)
        out.append(jpeg.dropFirst(2))
        return out
    }
}
