import Foundation
import HelperWire
import ImagePipeline
import Scheduling

/// The app's picture decoder: every picture's bytes go to a confined `tessera-decoder`, which decodes as
/// `PixbufImageDecoder` and hands pixels back without a copy; a decoder exploit stops a helper, not the app.
public struct SandboxedImageDecoder: ImageDecoding {
    /// One thread per core, at most four, each with a helper of its own while it decodes: the
    /// decoding threads the app had in process, and no more helpers than that.
    public static let sharedThreads = BackgroundThreads(name: "tessera-decode",
                                                        count: min(4, ProcessInfo.processInfo.activeProcessorCount))

    public let processes: DecoderProcesses

    public init(processes: DecoderProcesses = .shared) {
        self.processes = processes
    }

    /// The decoder, with its helpers started ahead of the first picture (`DecoderProcesses.prepare`):
    /// what a pipeline about to show pictures wants.
    public static func prepared(processes: DecoderProcesses = .shared) -> SandboxedImageDecoder {
        processes.prepare(count: sharedThreads.count)
        return SandboxedImageDecoder(processes: processes)
    }

    public func decodes(_ request: ImageRequest) -> Bool { request.content == .image }
    public var readsURL: Bool { false }
    public var threads: BackgroundThreads { Self.sharedThreads }

    public func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard case .data(let data) = input else { throw .notAnImage }
        return try processes.decode(data, target: target)
    }
}
