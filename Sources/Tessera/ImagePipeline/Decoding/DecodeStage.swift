import Foundation
import HelperWire
import Scheduling
import Synchronization

/// The first taking decoder decodes, a slot at a time by priority; skipped when nobody waits.
final class DecodeStage: Sendable {
    /// Asked in order, each with its own slots.
    private let decoders: [(decoder: any ImageDecoding, slots: PriorityLimiter)]
    private let counters: PipelineCounters

    init(decoders: [any ImageDecoding], counters: PipelineCounters) {
        self.decoders = decoders.map { ($0, PriorityLimiter(limit: $0.threads.count)) }
        self.counters = counters
    }

    /// The decoder that takes `request`, with its slots; nil when none does.
    func decoder(for request: ImageRequest) -> (decoder: any ImageDecoding, slots: PriorityLimiter)? {
        decoders.first { $0.decoder.decodes(request) }
    }

    /// Changes the priority of a decode still waiting for its slot.
    func setPriority(_ priority: Int, for request: ImageRequest) async {
        await decoder(for: request)?.slots.setPriority(priority, forKey: request.key.description)
    }

    /// `counted`: told in `Statistics.decodes` (an image's passes are not).
    func decode(_ input: ImageInput, with decoder: any ImageDecoding, slots: PriorityLimiter,
                request: ImageRequest, key: ImageKey, counted: Bool = true) async throws(ImageError) -> DecodedImage {
        let target = DecodingTarget(side: key.bucket, filling: key.sizing == .fill, animates: key.animates, region: key.region)
        let abandoned = CancellationFlag()
        let result: Result<DecodedImage, ImageError>
        do {
            // Of pictures equally wanted, the largest on screen first: the eye goes there, and its
            // decode, usually the longest, must not start last.
            result = try await slots.run(key: key.description, priority: request.priority, cost: target.side) {
                await withTaskCancellationHandler {
                    await decoder.threads.run {
                        // Everyone who wanted it left while it waited for a thread: skip the work.
                        if abandoned.isSet { return .failure(.cancelled) }
                        return Result { () throws(ImageError) in try decoder.decode(input, to: target) }
                    }
                } onCancel: {
                    abandoned.set()
                }
            }
        } catch {
            throw .cancelled
        }
        if counted { counters.add(\.decodes) }
        return try result.get()
    }
}

extension DecodeStage {
    /// The metadata of `data`, read by the decoder that takes `request` on one of its threads; none for one that reads URLs.
    func details(of data: Data, for request: ImageRequest) async throws(ImageError) -> PictureDetails {
        guard let (decoder, _) = decoder(for: request), !decoder.readsURL else { return PictureDetails() }
        return try await decoder.threads.run { Result { () throws(ImageError) in try decoder.details(of: data) } }.get()
    }
}

/// Set once from any thread, read from another.
private final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}
