import Foundation
import HelperWire

extension ImagePipeline {
    public struct Configuration: Sendable {
        public var memoryCapacity: Int
        /// nil: no disk cache.
        public var diskFolder: URL?
        public var diskCapacity: Int
        public var maximumConcurrentFetches: Int
        /// How long a URL that answered 4xx is remembered as failed.
        public var failureMemory: Duration
        /// Waits before the retries of a transient failure.
        public var retryDelays: [Duration]
        public var fetchTimeout: Duration
        /// Image bodies larger than this are refused.
        public var maximumDownloadSize: Int
        /// At most this many bodies in memory between the start of their load (from the network
        /// or the disk) and the end of their decode.
        public var maximumBodiesInHand: Int
        /// How long a load goes on once every requester has left, behind every other load, before
        /// it is cancelled.
        public var abandonedLoadGrace: Duration
        /// A clip's poster is read from this many bytes of its start when the clip is longer
        /// (the whole clip when they hold no frame); nil: from the whole clip.
        public var posterFirstBytes: Int?
        /// What time it is, for the disk cache's freshness (tests move it on).
        public var now: @Sendable () -> Date = { Date() }

        /// `maximumConcurrentFetches`: a browser's per host; `failureMemory` spares asking each scroll;
        /// `abandonedLoadGrace` lets a returning card rejoin; `posterFirstBytes`: a clip's start.
        public init(memoryCapacity: Int = MemoryCache.defaultCapacity, diskFolder: URL? = nil,
                    diskCapacity: Int = 500 << 20, maximumConcurrentFetches: Int = 6,
                    failureMemory: Duration = .seconds(120), retryDelays: [Duration] = [.milliseconds(300), .seconds(1)],
                    fetchTimeout: Duration = .seconds(30), maximumDownloadSize: Int = DecodingLimits.maximumBodyBytes,
                    abandonedLoadGrace: Duration = .seconds(1), maximumBodiesInHand: Int = 24,
                    posterFirstBytes: Int? = 1 << 20) {
            self.memoryCapacity = memoryCapacity
            self.diskFolder = diskFolder
            self.diskCapacity = diskCapacity
            self.maximumConcurrentFetches = maximumConcurrentFetches
            self.failureMemory = failureMemory
            self.retryDelays = retryDelays
            self.fetchTimeout = fetchTimeout
            self.maximumDownloadSize = maximumDownloadSize
            self.abandonedLoadGrace = abandonedLoadGrace
            self.maximumBodiesInHand = maximumBodiesInHand
            self.posterFirstBytes = posterFirstBytes
        }
    }

    /// Counts for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        public var memoryHits = 0
        public var diskHits = 0
        /// Bytes a remote source delivered (the disk cache did not have them, or had them stale
        /// and the server sent new ones).
        public var fetches = 0
        /// Stale bytes on disk the server said were still good (304 Not Modified).
        public var revalidations = 0
        public var decodes = 0
    }
}
