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
        /// Bodies held between load start and decode end.
        public var maximumBodiesInHand: Int
        /// How long an unwanted load lingers, behind the rest, before cancelling.
        public var abandonedLoadGrace: Duration
        /// Bytes of a clip's start a poster is read from; nil: the whole clip.
        public var posterFirstBytes: Int?
        /// The ranges a clip playing as it downloads is fetched in.
        public var clipPieceSize: Int
        /// What time it is, for the disk cache's freshness (tests move it on).
        public var now: @Sendable () -> Date = { Date() }

        /// Defaults: fetches a browser's per host; failures remembered; abandoned loads rejoinable.
        public init(memoryCapacity: Int = MemoryCache.defaultCapacity, diskFolder: URL? = nil,
                    diskCapacity: Int = 500 << 20, maximumConcurrentFetches: Int = 6,
                    failureMemory: Duration = .seconds(120), retryDelays: [Duration] = [.milliseconds(300), .seconds(1)],
                    fetchTimeout: Duration = .seconds(30), maximumDownloadSize: Int = DecodingLimits.maximumBodyBytes,
                    abandonedLoadGrace: Duration = .seconds(1), maximumBodiesInHand: Int = 24,
                    posterFirstBytes: Int? = 1 << 20, clipPieceSize: Int = RangedDownload.defaultPieceSize) {
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
            self.clipPieceSize = clipPieceSize
        }
    }

    /// Counts for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        public var memoryHits = 0
        public var diskHits = 0
        /// Bytes a remote source delivered (not from a fresh disk entry).
        public var fetches = 0
        /// Stale bytes on disk the server said were still good (304 Not Modified).
        public var revalidations = 0
        public var decodes = 0
    }
}
