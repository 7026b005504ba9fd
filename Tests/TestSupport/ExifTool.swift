import Foundation

/// exiftool's numeric reading of a picture's camera tags (libimage-exiftool-perl): a reader that shares no
/// code with the exiv2 the app reads them with.
public enum ExifTool {
    public static let cameraTags = ["Make", "Model", "LensModel", "DateTimeOriginal", "ExposureTime", "FNumber", "ISO",
                                    "FocalLength", "GPSLatitude", "GPSLongitude"]

    /// Tag name to value (strings and numbers as JSON gives them); empty when exiftool could not be run.
    public static func reading(_ file: URL) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
        process.arguments = ["-j", "-n"] + cameraTags.map { "-" + $0 } + [file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ((try JSONSerialization.jsonObject(with: data)) as? [[String: Any]])?.first ?? [:]
    }
}
