import Foundation
import HelperWire
import Scheduling

/// Loaded bytes to a bitmap of the size shown; the first decoder taking a request is used.
public protocol ImageDecoding: Sendable {
    /// True for the requests this decoder handles (by their content).
    func decodes(_ request: ImageRequest) -> Bool
    /// Reads the URL itself: a clip streamed only to its first frame.
    var readsURL: Bool { get }
    /// Where its decodes run, one per thread at a time, below the UI's priority.
    var threads: BackgroundThreads { get }
    /// Runs on one of `threads`.
    func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage
    /// What the picture's metadata says (EXIF, XMP); runs on one of `threads`.
    func details(of data: Data) throws(ImageError) -> PictureDetails
}

extension ImageDecoding {
    /// A decoder that reads no metadata finds none.
    public func details(of data: Data) throws(ImageError) -> PictureDetails { PictureDetails() }
}

/// What a decoder reads.
public enum ImageInput: Sendable {
    case data(Data)
    case url(URL)
}
