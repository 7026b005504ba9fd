import Foundation
import Glibc
import HelperWire
import Localization

/// What the Properties pane says of an item, caption and value in the order shown, in the interface's language.
struct PictureProperties: Equatable {
    struct Row: Equatable {
        var caption: String
        var value: String
    }

    /// What the file is, then how it was taken.
    var picture: [Row] = []
    var camera: [Row] = []
    /// Where it was taken, in words, and a map of that place.
    var place: (words: String, map: URL)?
    var address: String

    static func == (left: PictureProperties, right: PictureProperties) -> Bool {
        left.picture == right.picture && left.camera == right.camera && left.address == right.address
            && left.place?.words == right.place?.words && left.place?.map == right.place?.map
    }

    /// - Parameters:
    ///   - size: the picture's pixels, once decoded; nil for a clip or before.
    ///   - colourProfile: nil when not yet known; .some(nil) when the picture has none.
    ///   - file: its format's name (nil when not sniffed) and length, once read.
    init(size: (width: Int, height: Int)?, file: (format: String?, byteCount: Int)?, colourProfile: String??,
         details: PictureDetails, address: URL) {
        self.address = address.absoluteString
        if let size {
            picture.append(Row(caption: tr("Dimensions"), value: tr("{width} × {height} pixels",
                                                                 ["width": String(size.width), "height": String(size.height)])))
        }
        if let file {
            if let format = file.format { picture.append(Row(caption: tr("Format"), value: format)) }
            picture.append(Row(caption: tr("File Size"), value: sizeText(bytes: file.byteCount)))
        }
        if let colourProfile {
            picture.append(Row(caption: tr("Colour Profile"),
                               value: colourProfile.map { tr("{name}, shown converted to sRGB", ["name": $0]) } ?? tr("None (shown as sRGB)")))
        }
        if let taken = details.taken.flatMap(Self.date) { camera.append(Row(caption: tr("Taken"), value: taken)) }
        if let name = Self.cameraName(make: details.cameraMake, model: details.cameraModel) {
            camera.append(Row(caption: tr("Camera"), value: name))
        }
        if let lens = details.lens { camera.append(Row(caption: tr("Lens"), value: lens)) }
        if let exposure = details.exposure { camera.append(Row(caption: tr("Exposure"), value: Self.exposureText(exposure))) }
        if let aperture = details.aperture {
            camera.append(Row(caption: tr("Aperture"), value: tr("ƒ/{number}", ["number": Self.decimal(aperture, places: 1)])))
        }
        if let iso = details.iso { camera.append(Row(caption: tr("ISO"), value: String(iso))) }
        if let focalLength = details.focalLength {
            camera.append(Row(caption: tr("Focal Length"), value: tr("{length} mm", ["length": Self.decimal(focalLength, places: 1)])))
        }
        if let latitude = details.latitude, let longitude = details.longitude {
            place = (Self.placeText(latitude: latitude, longitude: longitude), Self.map(latitude: latitude, longitude: longitude))
        }
    }

    /// The model alone when it names the make ("Canon EOS 5D", not "Canon Canon EOS 5D").
    static func cameraName(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.lowercased()) else { return model }
        return make + " " + model
    }

    /// "1/250 s" below a second, "2 s" or "2.5 s" from a second on.
    static func exposureText(_ exposure: PictureDetails.Exposure) -> String {
        let seconds = Double(exposure.numerator) / Double(exposure.denominator)
        guard seconds < 1 else { return tr("{seconds} s", ["seconds": decimal(seconds, places: 1)]) }
        return tr("1/{fraction} s", ["fraction": decimal(1 / seconds, places: 0)])
    }

    /// "38.7077° N, 9.1365° W", four decimals (some 10 m).
    static func placeText(latitude: Double, longitude: Double) -> String {
        let north = decimal(abs(latitude), places: 4), east = decimal(abs(longitude), places: 4)
        switch (latitude < 0, longitude < 0) {
        case (false, false): return tr("{latitude}° N, {longitude}° E", ["latitude": north, "longitude": east])
        case (false, true): return tr("{latitude}° N, {longitude}° W", ["latitude": north, "longitude": east])
        case (true, false): return tr("{latitude}° S, {longitude}° E", ["latitude": north, "longitude": east])
        case (true, true): return tr("{latitude}° S, {longitude}° W", ["latitude": north, "longitude": east])
        }
    }

    /// OpenStreetMap at the place, marked; the same address in every language.
    static func map(latitude: Double, longitude: Double) -> URL {
        let lat = String(format: "%.5f", latitude), lon = String(format: "%.5f", longitude)
        return URL(string: "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)")! // not translated
    }

    /// "2024-05-01 12:34:56" as the interface writes a date and time; the camera's clock, no zone.
    static func date(_ taken: String) -> String? {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd HH:mm:ss" // not translated
        guard let date = parser.date(from: taken) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Localization.locale
        formatter.timeZone = parser.timeZone
        formatter.setLocalizedDateFormatFromTemplate("dMMMMyjm")
        return formatter.string(from: date)
    }

    /// At most `places` decimals, trailing zeros dropped, with the interface's decimal separator.
    static func decimal(_ value: Double, places: Int) -> String {
        let scale = (0..<places).reduce(1) { product, _ in product * 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: max(0, places - fraction.count)) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let separator = localeconv().map { String(cString: $0.pointee.decimal_point) } ?? "."
        return (value < 0 ? "-" : "") + String(scaled / scale) + (fraction.isEmpty || places == 0 ? "" : separator + fraction)
    }
}
