import Foundation
import Localization
import Networking
import Scheduling

/// A resource by Range pieces, in order and from where it is next wanted; failures retried.
public final class RangedDownload: Sendable {
    /// What arrives, in order: the length, then the pieces; or the whole resource at once.
    public enum Part: Sendable, Equatable {
        /// The resource's length in bytes, before any of its pieces.
        case length(Int)
        case bytes(offset: Int, Data)
        /// The server sent the whole resource (it ignores Range).
        case whole(Data)
    }

    /// Small pieces bring a demuxer's scattered first reads sooner.
    public static let defaultPieceSize = 64 << 10
    /// Pieces per request while reading straight on: one, doubling up to 16 (1 MiB), one again after a jump.
    public static let maximumRun = 16
    /// Tries for each piece: a passing failure is tried again twice.
    static let tries = 3

    public let url: URL
    public let pieceSize: Int
    /// The longest resource taken; a longer one fails the download (`HTTPError.bodyTooLarge`).
    public let maximumLength: Int
    private let client: any HTTPClient
    private let account: String?
    private let state = Mutex(State())

    private struct State {
        /// The piece the download goes on from.
        var cursor = 0
        /// A piece wanted next, ahead of the cursor.
        var jump: Int?
        /// Pieces the next request may ask for at once (`maximumRun`).
        var run = 1
        var have: Set<Int> = []
        var finished = false
    }

    /// - Parameter account: what the download is for (`HTTPRequest.account`).
    public init(client: any HTTPClient, url: URL, maximumLength: Int, pieceSize: Int = RangedDownload.defaultPieceSize,
                account: String? = nil) {
        self.account = account
        self.client = client
        self.url = url
        self.maximumLength = maximumLength
        self.pieceSize = pieceSize
    }

    /// Fetches the bytes from `offset` on next (the pieces before it follow once the rest is here).
    public func want(offset: Int) {
        state.withLock { $0.jump = max(0, offset) / pieceSize }
    }

    /// The pieces here so far (each `pieceSize` bytes, the last one shorter).
    public var piecesHere: Int { state.withLock { $0.have.count } }

    /// Whether `run` has returned (every piece here, a failure, or cancelled).
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// Fetches every piece to `deliver` as it comes; throws when one cannot be had.
    public nonisolated(nonsending) func run(_ deliver: (Part) -> Void) async throws(ImageError) {
        defer { state.withLock { $0.finished = true } }
        do throws(HTTPError) {
            try await fetchAll(deliver)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .network(error)
        }
    }

    private nonisolated(nonsending) func fetchAll(_ deliver: (Part) -> Void) async throws(HTTPError) {
        var length: Int?
        while true {
            if Task.isCancelled { throw .cancelled }
            let index: Int, pieces: Int
            if let length {
                guard let next = nextPieces(count: (length + pieceSize - 1) / pieceSize) else { return }
                (index, pieces) = next
            } else {
                (index, pieces) = (0, 1)
            }
            let start = index * pieceSize
            let end = min(start + pieces * pieceSize, length ?? Int.max) - 1
            let response = try await fetch(from: start, to: end)
            switch response.status {
            case 200:
                guard response.body.count <= maximumLength else { throw .bodyTooLarge(limit: maximumLength) }
                deliver(.whole(response.body))
                return
            case 206:
                guard let range = Self.contentRange(response.headers["content-range"]), range.first == start,
                      range.last - range.first + 1 == response.body.count, length == nil || length == range.length else {
                    throw .other(tr("the server sent other bytes than those asked for"))
                }
                if length == nil {
                    guard range.length <= maximumLength else { throw .bodyTooLarge(limit: maximumLength) }
                    length = range.length
                    deliver(.length(range.length))
                }
                deliver(.bytes(offset: start, response.body))
                state.withLock { state in
                    state.have.formUnion(index..<(index + pieces))
                    state.cursor = index + pieces
                }
            default:
                throw .status(response.status)
            }
        }
    }

    /// The first missing piece from the wanted one (else the start) and how many to ask; nil once all are here.
    private func nextPieces(count: Int) -> (index: Int, pieces: Int)? {
        state.withLock { state in
            let jumped = state.jump != nil && state.jump != state.cursor
            let from = min(state.jump ?? state.cursor, count)
            state.jump = nil
            guard let index = (from..<count).first(where: { !state.have.contains($0) }) ?? (0..<from).first(where: { !state.have.contains($0) }) else {
                return nil
            }
            state.run = jumped || index != state.cursor ? 1 : min(state.run * 2, Self.maximumRun)
            var pieces = 1
            while pieces < state.run, index + pieces < count, !state.have.contains(index + pieces) { pieces += 1 }
            return (index, pieces)
        }
    }

    private nonisolated(nonsending) func fetch(from start: Int, to end: Int) async throws(HTTPError) -> HTTPResponse {
        var attempt = 1
        while true {
            var request = HTTPRequest(url: url, headers: [("Range", "bytes=\(start)-\(end)")], maximumBodySize: maximumLength) // not translated
            request.account = account
            do {
                return try await client.send(request)
            } catch where error.isTransient && attempt < Self.tries {
                attempt += 1
            }
        }
    }

    /// "bytes FIRST-LAST/LENGTH".
    static func contentRange(_ header: String?) -> (first: Int, last: Int, length: Int)? {
        guard let header, header.hasPrefix("bytes ") else { return nil }
        let parts = header.dropFirst("bytes ".count).split(separator: "/")
        guard parts.count == 2, let length = Int(parts[1]) else { return nil }
        let bounds = parts[0].split(separator: "-")
        guard bounds.count == 2, let first = Int(bounds[0]), let last = Int(bounds[1]),
              first <= last, last < length else { return nil }
        return (first, last, length)
    }
}
