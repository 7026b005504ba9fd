import Foundation
import Synchronization

/// How far the pictures on their way over the network have come, by address: a view waiting for
/// one (a tile over a slow link, the viewer opening a large photo) reads it to show progress.
/// Written by the network source as bytes arrive, on the client's thread; read from any.
public final class DownloadProgress: Sendable {
    /// One download's progress.
    public struct Reading: Sendable, Equatable {
        /// Bytes of the body here so far.
        public var received: Int
        /// The body's whole length, when the server said it.
        public var expected: Int?

        public init(received: Int, expected: Int?) {
            self.received = received
            self.expected = expected
        }

        /// Between 0 and 1 when the whole length is known (a compressed body may come to more
        /// than it said: never past 1).
        public var fraction: Double? {
            guard let expected, expected > 0 else { return nil }
            return min(1, Double(received) / Double(expected))
        }
    }

    /// The downloads under way by normalized address, each under the number it was started with
    /// (two sizes of one picture not yet on disk fetch it twice).
    private let downloads = Mutex<(next: Int, byAddress: [String: [Int: Reading]])>((0, [:]))

    public init() {}

    /// The download of `request`'s picture furthest along, or nil when none is under way (not
    /// started, waiting for its turn, or over).
    public func reading(for request: ImageRequest) -> Reading? {
        let address = request.normalizedURL
        return downloads.withLock { $0.byAddress[address]?.values.max { $0.received < $1.received } }
    }

    /// Starts keeping a download of `address`; returns its number, for `update` and `end`.
    func begin(_ address: String) -> Int {
        downloads.withLock { state in
            state.next += 1
            state.byAddress[address, default: [:]][state.next] = Reading(received: 0, expected: nil)
            return state.next
        }
    }

    func update(_ address: String, number: Int, received: Int, expected: Int?) {
        downloads.withLock { state in
            guard state.byAddress[address]?[number] != nil else { return }
            state.byAddress[address]![number] = Reading(received: received, expected: expected)
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
