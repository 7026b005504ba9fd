import Foundation

/// A web picture alone, or a file with its folder's pictures in file-manager order for Left and Right.
enum FolderPictures {
    /// The names' endings of the formats the decoders read.
    static let extensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "gif", "webp", "avif", "heif", "heic",
                                          "svg", "tif", "tiff", "bmp", "ico"]

    /// The items and the opened one's index. Reads the folder: call it off the main loop.
    static func items(opening address: URL) -> (items: [ViewerItem], index: Int) {
        guard address.isFileURL else { return ([item(address)], 0) }
        let opened = address.standardizedFileURL
        let folder = opened.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files = names.filter { !$0.hasPrefix(".") && extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { folder.appendingPathComponent($0).standardizedFileURL }
        if !files.contains(opened) { files.append(opened) }
        files.sort { $0.lastPathComponent.localizedStandardCompare($1.lastPathComponent) == .orderedAscending }
        return (files.map(item), files.firstIndex(of: opened) ?? 0)
    }

    private static func item(_ address: URL) -> ViewerItem {
        let last = address.lastPathComponent
        let name = last.isEmpty || last == "/" ? address.host ?? address.absoluteString : last
        return ViewerItem(id: address.absoluteString, url: address, kind: .picture, name: name)
    }
}
