import Domain
import Foundation
import Localization

/// Where pictures added from files or data are copied, so an item or a message outlives its original.
public protocol PictureStoring: Sendable {
    /// Keeps a copy of the picture in the file at `path`.
    func keep(fileAt path: String) async throws(PictureRefusal) -> URL
    /// Keeps `bytes`, a picture handed over as data.
    func keep(_ bytes: Data) async throws(PictureRefusal) -> URL
    /// Whether `url` is the address of a picture kept here.
    func isKept(_ url: URL) -> Bool
    /// Deletes kept pictures no item in `used` names.
    func forget(allBut used: [URL]) async
    /// Deletes the kept picture at `url` (nothing for any other address).
    func forget(_ url: URL) async
}

/// Why a picture was not added, in words.
public enum PictureRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case notAPicture(name: String)
    case tooLarge(name: String, bytes: Int)
    case unreadable(name: String, reason: String)
    case notKept(reason: String)

    public var description: String {
        switch self {
        case .notAPicture(let name): tr("“{name}” is not a picture Tessera can show.", ["name": name])
        case .tooLarge(let name, let bytes):
            tr("“{name}” is too large ({size}; at most {limit}).",
               ["name": name, "size": ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file),
                "limit": ByteCountFormatter.string(fromByteCount: Int64(KeptPictureFiles.maximumBytes), countStyle: .file)])
        case .unreadable(let name, let reason): tr("“{name}” could not be read: {reason}", ["name": name, "reason": reason])
        case .notKept(let reason): tr("The picture could not be copied into Tessera's folder: {reason}", ["reason": reason])
        }
    }
}

/// Copies in one folder (the gallery's, the chat's) named with their real extension, read by `file:` address.
public struct KeptPictureFiles: PictureStoring {
    public let folder: URL
    /// The pipeline's own limit for a picture (a test holds them equal).
    public static let maximumBytes = 40 << 20

    public init(folder: URL) {
        self.folder = folder.standardizedFileURL
    }

    public func keep(fileAt path: String) async throws(PictureRefusal) -> URL {
        let file = URL(fileURLWithPath: path)
        let name = file.lastPathComponent
        let result = await Task.detached(priority: .userInitiated) { () -> Result<URL, PictureRefusal> in
            do {
                let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
                guard size <= Self.maximumBytes else { return .failure(.tooLarge(name: name, bytes: size)) }
                let bytes = try Data(contentsOf: file)
                return Result { () throws(PictureRefusal) in try self.write(bytes, name: name) }
            } catch {
                return .failure(.unreadable(name: name, reason: Self.words(for: error)))
            }
        }.value
        return try result.get()
    }

    public func keep(_ bytes: Data) async throws(PictureRefusal) -> URL {
        let result = await Task.detached(priority: .userInitiated) { () -> Result<URL, PictureRefusal> in
            Result { () throws(PictureRefusal) in try self.write(bytes, name: tr("The picture")) }
        }.value
        return try result.get()
    }

    public func isKept(_ url: URL) -> Bool {
        url.isFileURL && url.standardizedFileURL.deletingLastPathComponent().path == folder.path
    }

    public func forget(allBut used: [URL]) async {
        let keep = Set(used.filter(isKept).map { $0.standardizedFileURL.lastPathComponent })
        let folder = self.folder
        await Task.detached(priority: .utility) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where !keep.contains(name) {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }.value
    }

    public func forget(_ url: URL) async {
        guard isKept(url) else { return }
        await Task.detached(priority: .utility) { try? FileManager.default.removeItem(at: url) }.value
    }

    /// Checks `bytes` as a picture and writes them under a new name; their `file:` address.
    private func write(_ bytes: Data, name: String) throws(PictureRefusal) -> URL {
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(name: name, bytes: bytes.count) }
        guard let format = PictureFormat(sniffing: bytes), format != .mp4, format != .webm else { throw .notAPicture(name: name) }
        let copy = folder.appendingPathComponent("\(UUID().uuidString.lowercased()).\(format.fileExtension)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try bytes.write(to: copy, options: .atomic)
        } catch {
            throw .notKept(reason: Self.words(for: error))
        }
        return copy
    }

    /// An error of the file system in words (its description without the domain's codes).
    private static func words(for error: any Error) -> String {
        let words = (error as NSError).localizedDescription
        return words.isEmpty ? String(describing: error) : words
    }
}
