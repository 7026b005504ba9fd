import Foundation
import Hummingbird
import Scheduling
import Logging
import NIOCore
import ServiceLifecycle

/// Our backend: contracts.md sections 2-6 with quirks, failure injection and connection counts.
public final class FixtureServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        /// 0 picks a free port.
        public var port: Int
        /// The folder with `media/` and `avatars/` (the repository's `data/`).
        public var dataDirectory: URL
        /// Probability in 0...1 that a messages request fails (in one of the contract's ways).
        public var failRate: Double
        public var seed: UInt64
        public var feedPosts: Int
        public var messageCount: Int
        /// How long the "too slow" messages failure waits before answering.
        public var slowResponseSeconds: Double
        /// How long each avatar waits before answering (tests of downloads in flight).
        public var avatarDelay: Double = 0
        /// An avatar whose first `silentAvatarTimes` answers stop after headers and 100 bytes, left open.
        public var silentAvatar: Int?
        public var silentAvatarTimes = 1
        /// How many first feed pages stop after headers and 100 bytes, left open (a stalled page).
        public var silentFeedPages = 0
        /// How many of the first facts feeds asked for go silent the same way.
        public var silentFactsFeeds = 0
        /// How long each page of messages waits before answering (tests that watch a page load).
        public var messagesPageDelay: Double = 0
        /// Messages in a page: the contract's 20, or more for clients that must not trust it.
        public var messagesPageSize = MessageSource.pageSize
        /// How many more times each feed page names its first post, as copies of the real feed did.
        public var feedRepeatsFirstPost = 0
        /// How many newest feed posts are withheld, as if posted later.
        public var feedNewestWithheld = 0
        /// How many messages arrived after the usual ones, moving every other message's number up.
        public var messagesArrived = 0
        /// `POST /arrive?count=N` makes N messages arrive: for tests that drive the app as another process.
        public var arrivalsOnRequest = false
        /// Texts served in place of messages, by number (tests of texts of any length).
        public var messageTexts: [Int: String] = [:]
        /// Titles and descriptions served in place of the facts rows', by row.
        public var factTexts: [Int: FactText] = [:]
        /// Rows in the facts feed: the real 14, or more (repeated, numbered, with synthesized images).
        public var factsRows = FactsRoutes.realRows
        /// The largest side of a synthesized image in pixels: enough for every benchmark, quick to make.
        public var maximumSyntheticSide = 4096
        /// The rate clips are sent at, in bytes a second; nil for the link's speed.
        public var clipBytesPerSecond: Int?
        /// A slow link every answer goes through; nil for loopback's own speed.
        public var link: LinkShape?
        /// Facts' files (facts.json or an image, by name) whose answers wait until `factsGate.release(_:)`.
        public var heldFacts: Set<String> = []

        public init(host: String = "127.0.0.1", port: Int = 0, dataDirectory: URL, failRate: Double = 0,
                    seed: UInt64 = 1, feedPosts: Int = 95, messageCount: Int = 200, slowResponseSeconds: Double = 30) {
            self.host = host
            self.port = port
            self.dataDirectory = dataDirectory
            self.failRate = failRate
            self.seed = seed
            self.feedPosts = feedPosts
            self.messageCount = messageCount
            self.slowResponseSeconds = slowResponseSeconds
        }
    }

    public let configuration: Configuration
    public let stats = TransferStats()
    /// Holds the answers for `configuration.heldFacts` until released.
    public let factsGate: FactsGate
    private let feed: FeedStore
    private let messages: MessageSource
    private let media: MediaLibrary
    private let logger: Logger
    private let running = Mutex<Running?>(nil)
    private let link: SharedLink?
    /// Bytes of bodies sent through the slow link so far (0 without one).
    public var linkBytesSent: Int { link?.sent ?? 0 }

    private struct Running {
        let task: Task<Void, any Error>
        let group: ServiceGroup
    }

    /// `count` new messages arrive, moving every other message's number up by as many.
    public func messagesArrive(_ count: Int) { messages.arrive(count) }

    public init(configuration: Configuration, logger: Logger = Logger(label: "tessera-server")) {
        self.configuration = configuration
        self.logger = logger
        messages = MessageSource(count: configuration.messageCount, pageSize: configuration.messagesPageSize,
                                 failRate: configuration.failRate, seed: configuration.seed,
                                 slowSeconds: configuration.slowResponseSeconds, arrived: configuration.messagesArrived,
                                 texts: configuration.messageTexts)
        factsGate = FactsGate(held: configuration.heldFacts)
        link = configuration.link.map(SharedLink.init)
        media = MediaLibrary(dataDirectory: configuration.dataDirectory,
                             maximumSyntheticSide: configuration.maximumSyntheticSide,
                             clipBytesPerSecond: configuration.clipBytesPerSecond)
        let pictures = media.feedPictures
        feed = FeedStore(count: configuration.feedPosts, seed: configuration.seed, withholdingNewest: configuration.feedNewestWithheld,
                         stillExtension: pictures.stills.isEmpty ? FeedStore.syntheticExtension : pictures.fileExtension(slot:))
    }

    /// Starts listening; returns the bound port once the server accepts connections.
    public func start() async throws -> Int {
        let router = Router(context: FixtureContext.self)
        router.add(middleware: LocalClientsOnlyMiddleware(host: configuration.host))
        router.add(middleware: TransferCountingMiddleware(stats: stats))
        if let link { router.add(middleware: SlowLinkMiddleware(link: link)) }
        FeedRoutes(store: feed, media: media, repeatsFirstPost: configuration.feedRepeatsFirstPost,
                   silence: SilentAnswers(times: configuration.silentFeedPages)).register(on: router)
        MessageRoutes(source: messages, pageDelay: configuration.messagesPageDelay,
                      arrivalsOnRequest: configuration.arrivalsOnRequest).register(on: router)
        FactsRoutes(media: media, gate: factsGate, texts: configuration.factTexts, rows: configuration.factsRows,
                    silence: SilentAnswers(times: configuration.silentFactsFeeds)).register(on: router)
        MediaRoutes(media: media, avatarDelay: configuration.avatarDelay,
                    silence: configuration.silentAvatar.map { AvatarSilence(avatar: $0, times: configuration.silentAvatarTimes) })
            .register(on: router)
        StatsRoutes(stats: stats) { [link] in link?.sent ?? 0 }.register(on: router)

        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "tessera-server"),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: logger)
        // A service group of our own, so `stop()` can shut the server down gracefully.
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        let task = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        running.withLock { $0 = Running(task: task, group: group) }
        for await port in portStream where port != 0 { return port }
        // The server ended before it listened (the port is taken, say): report why.
        running.withLock { $0 = nil }
        do {
            try await task.value
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw FixtureServerError.portInUse(host: configuration.host, port: configuration.port)
        }
        throw FixtureServerError.didNotStart
    }

    /// Stops accepting, gives responses a second to finish (slow ones are cut) and waits for the end.
    public func stop() async {
        // A held answer would keep the graceful shutdown waiting for it.
        factsGate.releaseAll()
        guard let running = running.withLock({ value -> Running? in defer { value = nil }; return value }) else { return }
        await running.group.triggerGracefulShutdown()
        let task = running.task
        // Past a second the run is cancelled, past two more left alone: a cancelled run once hung a suite.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumedOnce(continuation)
            Task {
                _ = try? await task.value
                once.resume()
            }
            Task {
                try? await Task.sleep(for: .seconds(1))
                task.cancel()
                try? await Task.sleep(for: .seconds(2))
                once.resume()
            }
        }
    }

    /// Runs until cancelled or stopped; `listening` gets the bound port once it accepts.
    public func run(listening: @Sendable (Int) -> Void = { _ in }) async throws {
        let port = try await start()
        logger.info("listening on http://\(configuration.host):\(port)/")
        listening(port)
        guard let task = running.withLock({ $0?.task }) else { return }
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            Task { await self.stop() }
        }
    }
}

public enum FixtureServerError: Error, CustomStringConvertible {
    case didNotStart
    case portInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .didNotStart: "the server ended before it listened"
        case .portInUse(let host, let port): "port \(port) on \(host) is already in use by another program"
        }
    }
}

/// The default storage plus the request's connection, so connections are counted per client.
public struct FixtureContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The client's address without the port.
    var clientAddress: String { channel.remoteAddress?.ipAddress ?? "unknown" }
}

extension Request {
    /// "host:port" as the client addressed us, for links that point back at this server.
    var authorityForLinks: String { head.authority ?? "127.0.0.1" }
}

/// A continuation resumed by whichever of several tasks comes first.
private final class ResumedOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Void, Never>?>
    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = Mutex(continuation) }
    func resume() { continuation.withLock { value in defer { value = nil }; return value }?.resume() }
}
