import Networking
import Localization

/// Why an image could not be shown.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case network(HTTPError)
    /// The bytes are none of the formats the decoder reads.
    case notAnImage
    /// Refused before decoding: over the side or pixel-count limit.
    case tooLarge(width: Int, height: Int)
    /// The decoder gave up (truncated or broken data).
    case undecodable(String)
    /// Nothing is stored on this machine under the URL.
    case notStored
    /// What is stored could not be read (the database failed).
    case unreadable(String)
    /// A video decoder could not take a frame.
    case noFrame(String)
    /// The picture decoder helper stopped while it held the picture, or could not be started.
    case decoderStopped(String)
    case cancelled

    public var description: String {
        switch self {
        case .network(let error): error.description
        case .notAnImage: tr("This is not a picture Tessera can show.")
        case .tooLarge(let width, let height):
            tr("The image is too large ({width} × {height} pixels).", ["width": String(width), "height": String(height)])
        case .undecodable(let detail): tr("The image is damaged ({detail}).", ["detail": detail])
        case .notStored: tr("The image is not stored on this computer.")
        case .unreadable(let detail): tr("The stored image could not be read ({detail}).", ["detail": detail])
        case .noFrame(let detail): tr("The video's first frame could not be read ({detail}).", ["detail": detail])
        case .decoderStopped(let detail): tr("This picture could not be read ({detail}).", ["detail": detail])
        case .cancelled: tr("Loading the image was cancelled.")
        }
    }
}
