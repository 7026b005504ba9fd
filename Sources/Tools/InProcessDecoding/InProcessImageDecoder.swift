import Foundation
import HelperWire
import ImagePipeline
import PictureDecoding
import Scheduling

/// gdk-pixbuf's decoder (`PixbufImageDecoder`) as one of the pipeline's decoders, run in the
/// caller's own process: tests and benchmarks that check or measure the decoders themselves. The
/// app decodes in the `tessera-decoder` helper instead (`SandboxedImageDecoder`).
public struct InProcessImageDecoder: ImageDecoding {
    /// One thread per core, shared by every pipeline.
    public static let sharedThreads = BackgroundThreads(name: "tessera-decode", count: ProcessInfo.processInfo.activeProcessorCount)

    public let decoder: PixbufImageDecoder

    public init(memory: DecodingMemory = .shared) {
        decoder = PixbufImageDecoder(memory: memory)
    }

    public func decodes(_ request: ImageRequest) -> Bool { request.content == .image }
    public var readsURL: Bool { false }
    public var threads: BackgroundThreads { Self.sharedThreads }

    public func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard case .data(let data) = input else { throw .notAnImage }
        do {
            return try decoder.decode(data, to: target)
        } catch {
            throw ImageError(error)
        }
    }
}
