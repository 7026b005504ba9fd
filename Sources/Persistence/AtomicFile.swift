import Foundation
#if canImport(Glibc)
import Glibc
import Localization
#endif

/// Writes whole files so that a reader (or the next launch after a crash) sees either the old
/// contents or the new ones, never a mix: write a temporary file beside the target, fsync it,
/// rename it over the target, then fsync the folder so the rename itself is durable.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(PersistenceError) {
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

    /// Moves a file that could not be read aside as `<name>.corrupt-<timestamp>` so that nothing
    /// overwrites it; returns where it went.
    public static func moveAside(_ url: URL, now: Date = Date()) throws(PersistenceError) -> URL {
        let target = asideURL(for: url, now: now)
        guard rename(url.path, target.path) == 0 else {
            throw .io(path: url.path, reason: String(cString: strerror(errno)))
        }
        return target
    }

    /// Keeps a copy of a file that is about to be rewritten as `<name>.corrupt-<timestamp>`, while
    /// the file itself stays in place: a second name for the same bytes (a hard link), or a copy
    /// where links cannot be made. A crash at any moment leaves the original under one name or
    /// both.
    public static func keepAside(_ url: URL, now: Date = Date()) throws(PersistenceError) -> URL {
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

/// Why a read or write of the app's files failed, in words a person can act on.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    case io(path: String, reason: String)
    case corrupt(path: String, keptAt: String, reason: String)
    /// A file larger than the app reads; it was left as it is.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A database row that should exist does not.
    case notFound(String)
    /// The database could not be used; the words say why (`init(database:)`).
    case database(String)
    /// The database was damaged: it was kept at `keptAt` and a new one started.
    case databaseReplaced(keptAt: String, reason: String)

    public var description: String {
        switch self {
        case let .io(path, reason): tr("Could not write {path}: {reason}", ["path": path, "reason": reason])
        case let .corrupt(path, keptAt, reason):
            tr("{path} could not be read ({reason}); it was kept as {copy}", ["path": path, "reason": reason, "copy": keptAt])
        case let .tooLarge(path, bytes, limit):
            tr("{path} is {size} MB, larger than the {limit} MB Tessera reads; it was left as it is.",
               ["path": path, "size": String((bytes + (1 << 20) - 1) >> 20), "limit": String(limit >> 20)])
        case let .notFound(what): tr("{what} is no longer stored.", ["what": what])
        case let .database(words): words
        case let .databaseReplaced(keptAt, reason):
            tr("The database could not be read ({reason}) and a new one was started. The old file is kept as {copy}; the people's names and the messages you had sent are in it.",
               ["reason": reason.lowercasedFirst, "copy": keptAt])
        }
    }
}

extension String {
    /// "The disk is full." → "the disk is full", to go inside a sentence.
    var lowercasedFirst: String {
        let trimmed = hasSuffix(".") ? String(dropLast()) : self
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }
}
