import Foundation
import ImagePipeline

/// Stored avatars decoded for display: read from the database and decoded off the main actor,
/// kept by person (twenty small images).
@MainActor
final class AvatarImages {
    private let load: @Sendable (Int64) async throws -> Data?
    private var decoded: [Int64: DecodedImage] = [:]
    private var loading: [Int64: Task<DecodedImage?, Never>] = [:]
    /// Decoded at twice the largest size shown (the edit page's 96 px), for HiDPI.
    nonisolated static let pixelSize = 192

    /// - Parameter load: a person's stored avatar bytes.
    init(load: @escaping @Sendable (Int64) async throws -> Data?) {
        self.load = load
    }

    func cached(_ personID: Int64) -> DecodedImage? { decoded[personID] }

    func image(for personID: Int64) async -> DecodedImage? {
        if let hit = decoded[personID] { return hit }
        if let task = loading[personID] { return await task.value }
        let load = self.load
        let task = Task.detached(priority: .userInitiated) { () -> DecodedImage? in
            guard let data = try? await load(personID) else { return nil }
            return try? ImageDecoder().decode(data, maximumPixelSize: Self.pixelSize)
        }
        loading[personID] = task
        let image = await task.value
        loading[personID] = nil
        if let image { decoded[personID] = image }
        return image
    }
}
