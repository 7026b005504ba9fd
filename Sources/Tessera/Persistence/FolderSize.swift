import Foundation

/// Bytes of files on disk, folders counted with everything under them.
public enum FolderSize {
    public static func bytes(of items: [URL]) -> Int {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .isRegularFileKey]
        return items.reduce(0) { total, item in
            let files = FileManager.default.enumerator(at: item, includingPropertiesForKeys: Array(keys))?.allObjects as? [URL] ?? []
            return (files + [item]).reduce(total) { sum, file in
                guard let values = try? file.resourceValues(forKeys: keys), values.isRegularFile == true else { return sum }
                return sum + (values.fileSize ?? 0)
            }
        }
    }
}
