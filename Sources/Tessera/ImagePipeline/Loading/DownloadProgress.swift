import Foundation
import Synchronization

/// How far each downloading picture has come, by address, for views showing progress; written on the client's
/// thread, read from any.
public final class DownloadProgress: Sendable {
    /// One download's progress.
    public struct Reading: Sendable, Equatable {
        /// Bytes of the body here so far.
        public var received: Int
        /// The body's whole length, when the server said it.
        public var expected: Int?
        /// A progressive picture's passes come whole so far, which `passes(for:)` gives (0: none
        /// to show yet, or not such a picture).
        public var passes: Int

        public init(received: Int, expected: Int?, passes: Int = 0) {
            self.received = received
            self.expected = expected
            self.passes = passes
        }

        /// Between 0 and 1 when the whole length is known (a compressed body may come to more
        /// than it said: never past 1).
        public var fraction: Double? {
            guard let expected, expected > 0 else { return nil }
            return min(1, Double(received) / Double(expected))
        }
    }

    /// A progressive picture's passes come whole so far, or a baseline JPEG's rows come so far: a
    /// picture of their own.
    public struct Passes: Sendable {
        /// The picture's bytes up to its latest scan, closed with an end of image.
        public var bytes: Data
        /// How many passes they hold.
        public var count: Int
        /// The size the passes hold detail for, when less than the picture's: larger, blocks would show as
        /// squares.
        public var detailSize: (width: Int, height: Int)?
        /// A baseline JPEG's bytes so far: they decode to its rows come so far, at the top, above
        /// a flat fill that is not the picture (`ImagePipeline.passesSoFar` leaves it out).
        public var topRowsOnly: Bool

        public init(bytes: Data, count: Int, detailSize: (width: Int, height: Int)? = nil, topRowsOnly: Bool = false) {
            self.bytes = bytes
            self.count = count
            self.detailSize = detailSize
            self.topRowsOnly = topRowsOnly
        }
    }

    /// The downloads under way by normalized address, each under the number it was started with
    /// (a clip's start and the whole clip may be fetched at once).
    private let downloads = Mutex<(next: Int, byAddress: [String: [Int: Download]])>((0, [:]))

    private struct Download {
        var received = 0
        var expected: Int?
        var passes: Passes?
        var reading: Reading { Reading(received: received, expected: expected, passes: passes?.count ?? 0) }
    }

    public init() {}

    /// The download of `request`'s picture furthest along, or nil when none is under way (not
    /// started, waiting for its turn, or over).
    public func reading(for request: ImageRequest) -> Reading? {
        let address = request.normalizedURL
        return downloads.withLock { $0.byAddress[address]?.values.map(\.reading).max { $0.received < $1.received } }
    }

    /// The most passes come whole of `request`'s picture (a progressive JPEG's first scans); nil
    /// when none has come.
    public func passes(for request: ImageRequest) -> Passes? {
        let address = request.normalizedURL
        return downloads.withLock { state in
            state.byAddress[address]?.values.compactMap(\.passes).max { $0.count < $1.count }
        }
    }

    /// Starts keeping a download of `address`; returns its number, for `update` and `end`.
    func begin(_ address: String) -> Int {
        downloads.withLock { state in
            state.next += 1
            state.byAddress[address, default: [:]][state.next] = Download()
            return state.next
        }
    }

    /// `passes`: more passes than told before (nil: no more).
    func update(_ address: String, number: Int, received: Int, expected: Int?, passes: Passes? = nil) {
        downloads.withLock { state in
            guard var download = state.byAddress[address]?[number] else { return }
            download.received = received
            download.expected = expected
            if let passes { download.passes = passes }
            state.byAddress[address]![number] = download
        }
    }

    /// The download ended (its body whole, failed or cancelled).
    func end(_ address: String, number: Int) {
        downloads.withLock { state in
            state.byAddress[address]?[number] = nil
            if state.byAddress[address]?.isEmpty == true { state.byAddress[address] = nil }
        }
    }

    /// How many downloads are kept (for tests: none once every one ended).
    var count: Int { downloads.withLock { $0.byAddress.values.reduce(0) { $0 + $1.count } } }
}
