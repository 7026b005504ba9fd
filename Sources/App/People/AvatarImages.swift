import Foundation
import ImagePipeline
import Persistence

/// Stored avatars decoded for display: read from the database and decoded off the main actor,
/// kept by person (twenty small images).
@MainActor
final class AvatarImages {
    private let store: PeopleStore
    private var decoded: [Int64: DecodedImage] = [:]
    private var loading: [Int64: Task<DecodedImage?, Never>] = [:]
    /// Decoded at twice the largest size shown (the edit page's 96 px), for HiDPI.
    nonisolated static let pixelSize = 192

    init(store: PeopleStore) {
        self.store = store
    }

    func cached(_ personID: Int64) -> DecodedImage? { decoded[personID] }

    func image(for personID: Int64) async -> DecodedImage? {
        if let hit = decoded[personID] { return hit }
        if let task = loading[personID] { return await task.value }
        let store = self.store
        let task = Task.detached(priority: .userInitiated) { () -> DecodedImage? in
            guard let data = try? await store.avatarData(personID: personID) else { return nil }
            return try? ImageDecoder().decode(data, maximumPixelSize: Self.pixelSize)
        }
        loading[personID] = task
        let image = await task.value
        loading[personID] = nil
        if let image { decoded[personID] = image }
        return image
    }
}
