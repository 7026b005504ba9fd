import Domain
import Foundation
#if canImport(Glibc)
import Glibc
import Localization
#endif

/// Writes seen old or new, never mixed: temporary file, fsync, rename, fsync the folder.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(StorageError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .io(path: folder.path, reason: error.localizedDescription)
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: temporary.path, reason: String(cString: strerror(errno))) }
        var failure = writeAll(data, to: fd)
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw .io(path: url.path, reason: failure)
        }
        syncFolder(of: url)
    }

    /// Writes every byte of `data` to `fd`; nil when done, else why not (in the system's words).
    static func writeAll(_ data: Data, to fd: Int32) -> String? {
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno)); return
                }
                offset += written
            }
        }
        return failure
    }

    /// Makes a file's creation, rename or removal in its folder durable.
    static func syncFolder(of url: URL) {
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { fsync(folder); close(folder) }
    }

    /// Moves an unreadable file aside as `<name>.corrupt-<timestamp>`; returns where.
    public static func moveAside(_ url: URL, now: Date = Date()) throws(StorageError) -> URL {
        let target = asideURL(for: url, now: now)
        guard rename(url.path, target.path) == 0 else {
            throw .io(path: url.path, reason: String(cString: strerror(errno)))
        }
        return target
    }

    /// Keeps a file about to be rewritten aside (link, else copy), crash-safe.
    public static func keepAside(_ url: URL, now: Date = Date()) throws(StorageError) -> URL {
        let target = asideURL(for: url, now: now)
        guard link(url.path, target.path) != 0 else { return target }
        do {
            try FileManager.default.copyItem(at: url, to: target)
        } catch {
            throw .io(path: target.path, reason: error.localizedDescription)
        }
        return target
    }

    /// `<name>.corrupt-<seconds>`, with a counter when that name is taken.
    private static func asideURL(for url: URL, now: Date) -> URL {
        let stamp = Int(now.timeIntervalSince1970)
        var target = url.appendingPathExtension("corrupt-\(stamp)")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            attempt += 1
            target = url.appendingPathExtension("corrupt-\(stamp)-\(attempt)")
        }
        return target
    }
}
