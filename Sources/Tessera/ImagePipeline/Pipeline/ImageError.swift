import HelperWire
import Localization
import Networking

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
        case .notAnImage: PictureRefusal.notAnImage.description
        case .tooLarge(let width, let height): PictureRefusal.tooLarge(width: width, height: height).description
        case .undecodable(let detail): PictureRefusal.undecodable(detail).description
        case .notStored: tr("The image is not stored on this computer.")
        case .unreadable(let detail): tr("The stored image could not be read ({detail}).", ["detail": detail])
        case .noFrame(let detail): PictureRefusal.noFrame(detail).description
        case .decoderStopped(let detail): tr("This picture could not be read ({detail}).", ["detail": detail])
        case .cancelled: tr("Loading the image was cancelled.")
        }
    }
}

extension ImageError {
    /// A decoder's refusal, as the pipeline says it.
    public init(_ refusal: PictureRefusal) {
        switch refusal {
        case .notAnImage: self = .notAnImage
        case let .tooLarge(width, height): self = .tooLarge(width: width, height: height)
        case .undecodable(let detail): self = .undecodable(detail)
        case .noFrame(let detail): self = .noFrame(detail)
        }
    }
}
