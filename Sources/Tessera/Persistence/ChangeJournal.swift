import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Localization

/// Changes appended beside a large document, stamped with it; a torn last line is dropped.
public final class ChangeJournal<Change: Codable & Sendable>: Sendable {
    /// What `read` found.
    public struct Contents: Sendable {
        /// The changes, in the order they were taken.
        public var changes: [Change] = []
        /// The journal's size in bytes once read (a cut-short line taken off).
        public var bytes = 0
        /// A journal written over another document was found and removed.
        public var removedStale = false
        /// An unreadable line and where the journal was kept; changes after it unused.
        public var unreadable: (reason: String, keptAt: String)?
    }

    private struct Header: Codable { var over: DocumentStamp }

    public let url: URL
    private let queue: DispatchQueue

    public init(url: URL) {
        self.url = url
        queue = DispatchQueue(label: "dev.tessera.journal.\(url.lastPathComponent)")
    }

    /// The changes saved over the document stamped `stamp`.
    public func read(over stamp: DocumentStamp) async throws(StorageError) -> Contents {
        try await run { [url] () throws(StorageError) -> Contents in try Self.read(url, over: stamp) }
    }

    /// A non-empty journal is on disk (true when unsure), unread.
    public func holdsChanges() async -> Bool {
        let url = self.url
        return await withCheckedContinuation { continuation in
            queue.async {
                var status = stat()
                continuation.resume(returning: stat(url.path, &status) == 0 ? status.st_size > 0 : errno != ENOENT)
            }
        }
    }

    /// Appends and flushes one batch over the document stamped `stamp`; returns the size. On throw, unchanged.
    @discardableResult
    public func append(_ changes: [Change], over stamp: DocumentStamp) async throws(StorageError) -> Int {
        try await run { [url] () throws(StorageError) -> Int in try Self.append(changes, over: stamp, to: url) }
    }

    /// Removes the journal, once the document holds every change in it.
    public func remove() async throws(StorageError) {
        try await run { [url] () throws(StorageError) in
            guard unlink(url.path) == 0 || errno == ENOENT else { throw .io(path: url.path, reason: String(cString: strerror(errno))) }
            AtomicFile.syncFolder(of: url)
        }
    }

    /// Moves an unfitting journal aside; returns where.
    public func moveAside() async throws(StorageError) -> URL {
        try await run { [url] () throws(StorageError) -> URL in try AtomicFile.moveAside(url) }
    }

    private func run<Value: Sendable>(_ work: @escaping @Sendable () throws(StorageError) -> Value) async throws(StorageError) -> Value {
        let result: Result<Value, StorageError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(StorageError) { continuation.resume(returning: .success(try work())) } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    static func read(_ url: URL, over stamp: DocumentStamp) throws(StorageError) -> Contents {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return Contents()
        } catch {
            throw .io(path: url.path, reason: error.localizedDescription)
        }
        var contents = Contents()
        // Only whole lines were saved: a tail without its line break was cut short by a crash.
        let newline = UInt8(ascii: "\n")
        let whole = data.lastIndex(of: newline).map { data.index(after: $0) } ?? data.startIndex
        let lines = data[data.startIndex..<whole].split(separator: newline, omittingEmptySubsequences: true)
        guard let first = lines.first, let header = try? JSONDecoder().decode(Header.self, from: first), header.over == stamp else {
            guard unlink(url.path) == 0 || errno == ENOENT else { throw .io(path: url.path, reason: String(cString: strerror(errno))) }
            contents.removedStale = !lines.isEmpty
            return contents
        }
        if whole < data.endIndex {
            guard truncate(url.path, off_t(whole - data.startIndex)) == 0 else {
                throw .io(path: url.path, reason: String(cString: strerror(errno)))
            }
        }
        contents.bytes = whole - data.startIndex
        for (number, line) in lines.enumerated().dropFirst() {
            do {
                contents.changes += try JSONDecoder().decode([Change].self, from: line)
            } catch {
                let reason = tr("line {number}: {reason}", ["number": String(number + 1), "reason": describeDecodingFailure(error)])
                let kept = try AtomicFile.moveAside(url)
                contents.unreadable = (reason, kept.path)
                contents.bytes = 0
                break
            }
        }
        return contents
    }

    static func append(_ changes: [Change], over stamp: DocumentStamp, to url: URL) throws(StorageError) -> Int {
        let encoder = JSONEncoder()
        // Unindented JSON has no line breaks, so a line is a batch.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let batch: Data
        do { batch = try encoder.encode(changes) } catch {
            throw .io(path: url.path, reason: tr("could not encode: {error}", ["error": "\(error)"]))
        }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .io(path: url.path, reason: String(cString: strerror(errno))) }
        let before = Int(status.st_size)
        var line = Data()
        if before == 0 {
            do { line = try encoder.encode(Header(over: stamp)) + [UInt8(ascii: "\n")] } catch {
                throw .io(path: url.path, reason: tr("could not encode: {error}", ["error": "\(error)"]))
            }
        }
        line += batch + [UInt8(ascii: "\n")]
        var failure = AtomicFile.writeAll(line, to: fd)
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            // What was written of this batch is taken back, so the next one starts a line.
            _ = ftruncate(fd, off_t(before))
            throw .io(path: url.path, reason: failure)
        }
        if before == 0 { AtomicFile.syncFolder(of: url) }
        return before + line.count
    }
}
