import Foundation
import HelperWire
import Scheduling

/// Turns what a source loaded into a bitmap of the size shown. The pipeline asks its decoders in
/// order and uses the first that takes the request; gdk-pixbuf takes every still image.
public protocol ImageDecoding: Sendable {
    /// True for the requests this decoder handles (by their content).
    func decodes(_ request: ImageRequest) -> Bool
    /// True when the decoder reads the URL itself instead of bytes loaded first: a clip is
    /// streamed only as far as its first frame, never downloaded whole.
    var readsURL: Bool { get }
    /// Where its decodes run, one per thread at a time, below the UI's priority.
    var threads: BackgroundThreads { get }
    /// Runs on one of `threads`.
    func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage
}

/// What a decoder reads.
public enum ImageInput: Sendable {
    case data(Data)
    case url(URL)
}
