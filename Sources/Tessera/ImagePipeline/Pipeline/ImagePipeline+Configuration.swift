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

        /// - Parameters:
        ///   - diskCapacity: 500 MiB: about 5,000 photos of 100 KB, what a user scrolls through in
        ///     many sittings of the feed, kept for when the network is gone.
        ///   - maximumConcurrentFetches: six, a browser's connections per host: enough to fill a
        ///     screen of tiles quickly, few enough that visible images are not queued behind
        ///     prefetches on the wire.
        ///   - failureMemory: two minutes: a missing image is not asked for again on every scroll,
        ///     and one fixed on the server shows up within a sitting.
        ///   - retryDelays: two retries, soon and then after a second: most transient failures are
        ///     a dropped connection or a server restarting.
        ///   - maximumDownloadSize: larger bodies are refused as hostile rather than held in memory.
        ///   - abandonedLoadGrace: a second. A card scrolled past and back, or laid out again as
        ///     the pictures above it arrive (Facts' cards take their heights from their pictures),
        ///     asks again within it and joins the same load rather than starting a second
        ///     transfer, and a small picture finishes into the disk cache; short enough, and
        ///     behind every other load meanwhile, that on a slow link what became visible waits
        ///     little.
        ///   - maximumBodiesInHand: twenty-four: the six fetches a screen fills with, and enough
        ///     fetched bodies waiting that the decoders do not wait for the network when decode
        ///     times vary (twelve cost the images benchmark a fifth of its cold throughput; 24
        ///     measured as unlimited). Without a limit loading ran ahead of decoding: at the
        ///     feed's scrolling speed every tile near the view had its body fetched and waiting
        ///     for a decoding thread, 38 MB at the peak.
        ///   - posterFirstBytes: 1 MiB: a clip written for the web has its index first, then its
        ///     first keyframe (a 1080p one some 100-500 KB), so a poster costs its start rather
        ///     than the whole clip, which at 1 Mbit/s is 40 s for 5 MB. A clip no longer than this
        ///     comes whole and stays on disk, to play offline; a longer one downloads when played.
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
