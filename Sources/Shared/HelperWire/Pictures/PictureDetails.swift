import FoundationEssentials

/// What a picture's metadata (EXIF, XMP) says of how it was taken; every field may be missing.
/// Made in the decoder helper and checked again by the app: each string one line of at most 120 scalars.
public struct PictureDetails: Equatable, Sendable, Codable {
    /// When it was taken, as the camera wrote it: "YYYY-MM-DD HH:MM:SS", no time zone.
    public var taken: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    /// The exposure time in seconds, as a fraction (1/250 is 1 and 250).
    public var exposure: Exposure?
    /// The f-number: 2.8 for f/2.8.
    public var aperture: Double?
    public var iso: Int?
    /// In millimetres.
    public var focalLength: Double?
    /// Degrees north and east.
    public var latitude: Double?
    public var longitude: Double?

    public struct Exposure: Equatable, Sendable, Codable {
        public var numerator: Int
        public var denominator: Int
        public init(numerator: Int, denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }
    }

    public init(taken: String? = nil, cameraMake: String? = nil, cameraModel: String? = nil, lens: String? = nil,
                exposure: Exposure? = nil, aperture: Double? = nil, iso: Int? = nil, focalLength: Double? = nil,
                latitude: Double? = nil, longitude: Double? = nil) {
        self.taken = taken
        self.cameraMake = cameraMake
        self.cameraModel = cameraModel
        self.lens = lens
        self.exposure = exposure
        self.aperture = aperture
        self.iso = iso
        self.focalLength = focalLength
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isEmpty: Bool { self == PictureDetails() }

    /// Only what could be true of a photograph: short single lines, numbers in their ranges, a place whole.
    public var checked: PictureDetails {
        var copy = self
        copy.taken = Self.line(taken).flatMap(Self.date)
        copy.cameraMake = Self.line(cameraMake)
        copy.cameraModel = Self.line(cameraModel)
        copy.lens = Self.line(lens)
        copy.exposure = exposure.flatMap { $0.numerator > 0 && $0.denominator > 0 && $0.numerator <= 1_000_000 && $0.denominator <= 1_000_000 ? $0 : nil }
        copy.aperture = aperture.flatMap { $0.isFinite && $0 > 0 && $0 < 1_000 ? $0 : nil }
        copy.iso = iso.flatMap { (1...10_000_000).contains($0) ? $0 : nil }
        copy.focalLength = focalLength.flatMap { $0.isFinite && $0 > 0 && $0 < 100_000 ? $0 : nil }
        if let latitude, let longitude, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 {
            copy.latitude = latitude
            copy.longitude = longitude
        } else {
            copy.latitude = nil
            copy.longitude = nil
        }
        return copy
    }

    /// Words on one line, spaced once, at most 120 scalars; nil when nothing is left.
    static func line(_ text: String?) -> String? {
        guard let text else { return nil }
        let words = text.unicodeScalars.prefix(480)
            .filter { !$0.properties.generalCategory.isControlOrFormat || $0.properties.isWhitespace }
            .split(whereSeparator: \.properties.isWhitespace)
        var line = String.UnicodeScalarView(words.joined(separator: [" "]).prefix(120))
        // Cut at a space, the line would end with it, and read again it would not: the wire reads back what it wrote.
        if line.last == " " { line.removeLast() }
        return line.isEmpty ? nil : String(line)
    }

    /// "YYYY-MM-DD HH:MM:SS" from EXIF's "YYYY:MM:DD HH:MM:SS" or XMP's "YYYY-MM-DDTHH:MM:SS…"; nil for others.
    static func date(_ text: String) -> String? {
        let digits = text.unicodeScalars.filter { $0.properties.numericType == .decimal && $0.isASCII }
        guard digits.count >= 14 else { return nil }
        let numbers = Array(String(String.UnicodeScalarView(digits.prefix(14))).utf8).map { Int($0) - 48 }
        func value(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + numbers[$1] } }
        let (year, month, day, hour, minute, second) = (value(0..<4), value(4..<6), value(6..<8), value(8..<10), value(10..<12), value(12..<14))
        guard (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }
}

private extension Unicode.GeneralCategory {
    var isControlOrFormat: Bool { self == .control || self == .format }
}
