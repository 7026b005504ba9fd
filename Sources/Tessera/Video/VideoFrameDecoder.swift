import Foundation
import HelperWire
import ImagePipeline
import Localization
import Scheduling

/// Posters for the pipeline from a confined `tessera-poster`, sharing caches and cancellation.
public struct VideoFrameDecoder: ImageDecoding {
    /// Two at a time: the helper reads two clips at once, each with a GStreamer decoder.
    public static let sharedThreads = BackgroundThreads(name: "tessera-posters", count: 2)
    /// How long a clip may take to give its first frame.
    public let timeout: Duration

    /// - Parameter timeout: for a damaged clip looping a decoder, not a slow network.
    public init(timeout: Duration = .seconds(15)) {
        self.timeout = timeout
    }

    public func decodes(_ request: ImageRequest) -> Bool { request.content == .videoFrame }
    public var readsURL: Bool { false }
    public var threads: BackgroundThreads { Self.sharedThreads }

    public func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard case .data(let clip) = input else { throw .noFrame(tr("no clip to read")) }
        let timeout = self.timeout
        return try PosterReaders.shared.withReader { $0.frame(of: clip, target: target, timeout: timeout) }.get()
    }

    /// The helpers' process ids, for the benchmark's memory figures.
    public static var helperProcesses: [Int32] { PosterReaders.shared.processIdentifiers }
}

extension Duration {
    /// "0:02", "1:05:09": how long a clip is, for badges and accessible names.
    public var clockText: String {
        let total = Int((Double(components.seconds) + Double(components.attoseconds) / 1e18).rounded())
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, seconds) : String(format: "%d:%02d", minutes, seconds)
    }
}
