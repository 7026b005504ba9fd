import Foundation

/// A first launch's document: the seed's four identifiers and six more, all served by the backend.
public enum GalleryFirstRun {
    public static let files: [(uuid: String, file: String)] = [
        ("bef89c66-2318-46bb-b142-41f88ddf532f", "ladybird-2560x1600.jpg"),
        ("2813a61c-3d5e-409b-bece-7c67b60bb5a0", "leaf-512x512.png"),
        ("9d3e9bff-1833-4b49-82cc-7847a935d4ec", "flower-600x1200.jpg"),
        ("588e2c7f-40de-4c4d-ac74-2884daf5ecc8", "butterfly-600x400.png"),
        ("0b6f3f2c-8a51-4a0e-9a9e-51a7d64c8f10", "garden-1600x1200.jpg"),
        ("6c1d2e7a-2f43-4b8f-8d35-0f2a5b9e7c21", "dune-1200x800.jpg"),
        ("a4e9c3b1-7d62-4f0a-b5c8-3e1f9d2a6b47", "raindrops-800x800.jpg"),
        ("f2d8b6a0-1c37-4e95-a2f4-8b7c5d3e9a16", "storm-1920x480.jpg"),
        ("7e3a9c51-0b2d-4f68-9a1e-5c4d8b2f6e03", "marigold-1200x900.webp"),
        ("c85f1d2e-6a3b-4c97-b0e4-2d9f7a1c3b58", "carnation-960x600.avif"),
    ]

    public static func items(base: URL) -> [GalleryItem] {
        files.map { GalleryItem(uuid: $0.uuid, imageUrlString: base.appendingPathComponent("images/\($0.file)").absoluteString) }
    }
}
