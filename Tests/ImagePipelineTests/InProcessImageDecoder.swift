import Foundation
import HelperWire
import ImagePipeline
import PictureDecoding
import Scheduling

/// gdk-pixbuf's decoder as one of the pipeline's decoders, in this test process: the pipeline's
/// tests check its stages apart from the helper the app decodes in (`SandboxedImageDecoder`).
struct InProcessImageDecoder: ImageDecoding {
    /// One thread per core, shared by every pipeline.
    static let sharedThreads = BackgroundThreads(name: "tessera-decode", count: ProcessInfo.processInfo.activeProcessorCount)

    let decoder: PixbufImageDecoder

    init(memory: DecodingMemory = .shared) {
        decoder = PixbufImageDecoder(memory: memory)
    }

    func decodes(_ request: ImageRequest) -> Bool { request.content == .image }
    var readsURL: Bool { false }
    var threads: BackgroundThreads { Self.sharedThreads }

    func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard case .data(let data) = input else { throw .notAnImage }
        do {
            return try decoder.decode(data, to: target)
        } catch {
            throw ImageError(error)
        }
    }
}
