import Localization

/// Why a decoder gave no picture, thrown by helpers, carried by the wire, made an `ImageError` by the app.
public enum PictureRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bytes that are no picture format the decoders read.
    case notAnImage
    /// Past `DecodingLimits`: refused before anything was allocated for it.
    case tooLarge(width: Int, height: Int)
    /// A picture whose decoder failed part way; the words are the decoder's.
    case undecodable(String)
    /// A clip whose first frame could not be read; the words are GStreamer's.
    case noFrame(String)

    public var description: String {
        switch self {
        case .notAnImage: tr("This is not a picture Tessera can show.")
        case .tooLarge(let width, let height):
            tr("The image is too large ({width} × {height} pixels).", ["width": String(width), "height": String(height)])
        case .undecodable(let detail): tr("The image is damaged ({detail}).", ["detail": detail])
        case .noFrame(let detail): tr("The video's first frame could not be read ({detail}).", ["detail": detail])
        }
    }
}
