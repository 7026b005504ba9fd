import Foundation
import HelperWire
import ImagePipeline
import Scheduling

/// Decodes every picture in a confined `tessera-decoder`: an exploit stops a helper, not the app.
public struct SandboxedImageDecoder: ImageDecoding {
    /// A thread per core, at most four, each with its own helper.
    public static let sharedThreads = BackgroundThreads(name: "tessera-decode",
                                                        count: min(4, ProcessInfo.processInfo.activeProcessorCount))

    public let processes: DecoderProcesses

    public init(processes: DecoderProcesses = .shared) {
        self.processes = processes
    }

    /// With helpers started ahead of the first picture.
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

    public func details(of data: Data) throws(ImageError) -> PictureDetails {
        try processes.details(of: data)
    }
}
