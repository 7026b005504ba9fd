import Foundation
import Scheduling

/// Each downloading picture's progress by address; written on the client's thread.
public final class DownloadProgress: Sendable {
    /// One download's progress.
    public struct Reading: Sendable, Equatable {
        /// Bytes of the body here so far.
        public var received: Int
        /// The body's whole length, when the server said it.
        public var expected: Int?
        /// Whole passes so far (0: none, or not progressive).
        public var passes: Int

        public init(received: Int, expected: Int?, passes: Int = 0) {
            self.received = received
            self.expected = expected
            self.passes = passes
        }

        /// 0 to 1 when the length is known, never past 1.
        public var fraction: Double? {
            guard let expected, expected > 0 else { return nil }
            return min(1, Double(received) / Double(expected))
        }
    }

    /// Whole passes, or a baseline's rows, so far: a picture of their own.
    public struct Passes: Sendable {
        /// The picture's bytes up to its latest scan, closed with an end of image.
        public var bytes: Data
        /// How many passes they hold.
        public var count: Int
        /// The size they hold detail for, when less than the picture's.
        public var detailSize: (width: Int, height: Int)?
        /// A baseline JPEG's rows so far above a fill that is not the picture.
        public var topRowsOnly: Bool

        public init(bytes: Data, count: Int, detailSize: (width: Int, height: Int)? = nil, topRowsOnly: Bool = false) {
            self.bytes = bytes
            self.count = count
            self.detailSize = detailSize
            self.topRowsOnly = topRowsOnly
        }
    }

    /// Downloads by normalized address, numbered (a clip's start and whole may overlap).
    private let downloads = Mutex<(next: Int, byAddress: [String: [Int: Download]])>((0, [:]))

    private struct Download {
        var received = 0
        var expected: Int?
        var passes: Passes?
        var reading: Reading { Reading(received: received, expected: expected, passes: passes?.count ?? 0) }
    }

    public init() {}

    /// The furthest download of the picture; nil when none runs.
    public func reading(for request: ImageRequest) -> Reading? {
        let address = request.normalizedURL
        return downloads.withLock { $0.byAddress[address]?.values.map(\.reading).max { $0.received < $1.received } }
    }

    /// The most whole passes of the picture; nil when none.
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
