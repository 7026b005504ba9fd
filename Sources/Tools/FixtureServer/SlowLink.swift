import Foundation
import Hummingbird
import NIOCore
import Scheduling
import Synchronization

/// A slow link all answers share (latency, shared rate), affecting only this server.
public struct LinkShape: Sendable, Equatable {
    /// Bits a second, for every answer together.
    public var bitsPerSecond: Int
    /// Waited before each answer (a request's round trip).
    public var latency: Duration

    public init(bitsPerSecond: Int, latency: Duration) {
        self.bitsPerSecond = bitsPerSecond
        self.latency = latency
    }
}

/// The link's time, handed out a piece at a time.
final class SharedLink: Sendable {
    let shape: LinkShape
    /// When the bytes handed out so far have all gone through.
    private let free = Mutex<ContinuousClock.Instant>(.now)
    /// Bytes sent through it, every answer together.
    private let sentBytes = Atomic<Int>(0)

    /// Small enough pieces that concurrent answers interleave finely.
    static let piece = 4_096

    init(shape: LinkShape) {
        self.shape = shape
    }

    /// When `bytes` more will have gone through, after everything handed out before them.
    func reserve(_ bytes: Int) -> ContinuousClock.Instant {
        sentBytes.add(bytes, ordering: .relaxed)
        let time = Duration.seconds(Double(bytes * 8) / Double(max(1, shape.bitsPerSecond)))
        return free.withLock { free in
            free = max(free, .now) + time
            return free
        }
    }

    var sent: Int { sentBytes.load(ordering: .relaxed) }
}

/// Writes a body through the shared link.
struct LinkWriter: ResponseBodyWriter {
    var inner: any ResponseBodyWriter
    let link: SharedLink

    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        while buffer.readableBytes > 0 {
            let piece = buffer.readSlice(length: min(SharedLink.piece, buffer.readableBytes))!
            try await Task.sleep(until: link.reserve(piece.readableBytes), clock: .continuous)
            try await inner.write(piece)
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await inner.finish(trailingHeaders)
    }
}

struct SlowLinkMiddleware: RouterMiddleware {
    typealias Context = FixtureContext
    let link: SharedLink

    func handle(_ request: Request, context: FixtureContext,
                next: (Request, FixtureContext) async throws -> Response) async throws -> Response {
        guard !request.uri.path.hasPrefix("/stats") else { return try await next(request, context) }
        try await Task.sleep(for: link.shape.latency)
        var response = try await next(request, context)
        let body = response.body, link = self.link
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            try await body.write(LinkWriter(inner: writer, link: link))
        }
        return response
    }
}
