import Foundation

/// Bytes of the disk that files take (their blocks, as `du` counts), folders counted with everything under them.
public enum FolderSize {
    public static func bytes(of items: [URL]) -> Int {
        items.reduce(0) { total, item in
            let files = FileManager.default.enumerator(at: item, includingPropertiesForKeys: [.isRegularFileKey])?.allObjects as? [URL] ?? []
            return (files + [item]).reduce(total) { sum, file in
                var status = stat()
                guard stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return sum }
                return sum + Int(status.st_blocks) * 512
            }
        }
    }
}
