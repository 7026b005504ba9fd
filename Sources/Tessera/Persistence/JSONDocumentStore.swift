import Domain
import Foundation
import Localization
import Scheduling

/// A Codable JSON document on a private queue, written atomically; undecodable files are moved aside.
public final class JSONDocumentStore<Document: Codable & Sendable>: Sendable {
    public let url: URL
    /// A file larger than this is refused (`StorageError.tooLarge`) without being read.
    public let maximumBytes: Int?
    private let queue: DispatchQueue

    public init(url: URL, maximumBytes: Int? = nil) {
        self.url = url
        self.maximumBytes = maximumBytes
        queue = DispatchQueue(label: "dev.tessera.document.\(url.lastPathComponent)")
    }

    /// The document, or nil without a file; `.corrupt` after moving it aside, `.tooLarge` past `maximumBytes`.
    public func load() async throws(StorageError) -> Document? {
        try await loadStamped()?.document
    }

    /// The document with its bytes' stamp, or nil without a file.
    public func loadStamped() async throws(StorageError) -> (document: Document, stamp: DocumentStamp)? {
        let url = self.url, maximumBytes = self.maximumBytes
        let result: Result<(document: Document, stamp: DocumentStamp)?, StorageError> = await handedOver { done in
            queue.async { done(Self.read(url, maximumBytes: maximumBytes)) }
        }
        return try result.get()
    }

    /// How much `loadFirstRows` reads: more than a first screen; a smaller document is read whole as quickly.
    public static var firstRowsBytes: Int { 64 << 10 }

    /// The document with only its first `count` rows under `key`; nil when absent, small, too large or
    /// undecodable.
    public func loadFirstRows(_ count: Int, under key: String) async -> Document? {
        let url = self.url, maximumBytes = self.maximumBytes
        return await handedOver { done in
            queue.async { done(Self.readFirstRows(url, maximumBytes: maximumBytes, count: count, key: key)) }
        }
    }

    private static func readFirstRows(_ url: URL, maximumBytes: Int?, count: Int, key: String) -> Document? {
        guard size(of: url, past: maximumBytes) == nil, let file = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? file.close() }
        // One byte past the limit tells a larger file from one the limit holds whole.
        guard let prefix = try? file.read(upToCount: firstRowsBytes + 1), prefix.count > firstRowsBytes,
              let rows = LeadingRows.document(from: prefix, key: key, count: count) else { return nil }
        return try? JSONDecoder().decode(Document.self, from: rows)
    }

    /// Replaces the document: on disk when it returns, the old one when it throws.
    public func save(_ document: Document) async throws(StorageError) {
        _ = try await saveStamped(document)
    }

    /// Replaces the document as `save` does, and returns the stamp of the bytes written.
    public func saveStamped(_ document: Document) async throws(StorageError) -> DocumentStamp {
        let url = self.url
        let result: Result<DocumentStamp, StorageError> = await handedOver { done in
            queue.async { done(Self.write(document, to: url)) }
        }
        return try result.get()
    }

    /// The same as `save`, blocking the calling thread (for command-line tools and tests).
    public func saveNow(_ document: Document) throws(StorageError) {
        let url = self.url
        _ = try queue.sync { Self.write(document, to: url) }.get()
    }

    /// The same as `load`, blocking the calling thread (start-up, before any loop runs).
    public func loadNow() throws(StorageError) -> Document? {
        let url = self.url, maximumBytes = self.maximumBytes
        return try queue.sync { Self.read(url, maximumBytes: maximumBytes) }.get()?.document
    }

    /// Saves without waiting; `failed` hears of a failure, on the store's queue.
    public func saveInBackground(_ document: Document, failed: @escaping @Sendable (StorageError) -> Void) {
        let url = self.url
        queue.async {
            if case .failure(let error) = Self.write(document, to: url) { failed(error) }
        }
    }

    /// Keeps the current file aside before a save replaces it; returns where.
    public func keepAside() async throws(StorageError) -> URL {
        let url = self.url
        let result: Result<URL, StorageError> = await withCheckedContinuation { continuation in
            queue.async {
                do throws(StorageError) { continuation.resume(returning: .success(try AtomicFile.keepAside(url))) } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Waits until every save queued so far has finished.
    public func flush() {
        queue.sync {}
    }

    private static func read(_ url: URL, maximumBytes: Int?) -> Result<(document: Document, stamp: DocumentStamp)?, StorageError> {
        let data: Data
        if let maximumBytes, let bytes = size(of: url, past: maximumBytes) {
            return .failure(.tooLarge(path: url.path, bytes: bytes, limit: maximumBytes))
        }
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return .success(nil)
        } catch {
            return .failure(.io(path: url.path, reason: error.localizedDescription))
        }
        do {
            return .success((try JSONDecoder().decode(Document.self, from: data), DocumentStamp(of: data)))
        } catch {
            let reason = describeDecodingFailure(error)
            do {
                let kept = try AtomicFile.moveAside(url)
                return .failure(.corrupt(path: url.path, keptAt: kept.path, reason: reason))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The file's size when it is past `maximumBytes`: such a file is refused without being read.
    private static func size(of url: URL, past maximumBytes: Int?) -> Int? {
        var status = stat()
        guard let maximumBytes, stat(url.path, &status) == 0, Int(status.st_size) > maximumBytes else { return nil }
        return Int(status.st_size)
    }

    private static func write(_ document: Document, to url: URL) -> Result<DocumentStamp, StorageError> {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(document)
            try AtomicFile.write(data, to: url)
            return .success(DocumentStamp(of: data))
        } catch let error as StorageError {
            return .failure(error)
        } catch {
            return .failure(.io(path: url.path, reason: tr("could not encode: {error}", ["error": "\(error)"])))
        }
    }
}

/// A short reason for a decoding failure, in words.
func describeDecodingFailure(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context): tr("malformed JSON: {detail}", ["detail": context.debugDescription])
    case DecodingError.keyNotFound(let key, _): tr("missing “{field}”", ["field": key.stringValue])
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
        tr("unexpected value at {field}: {detail}",
           ["field": context.codingPath.map(\.stringValue).joined(separator: "."), "detail": context.debugDescription])
    default: "\(error)"
    }
}
