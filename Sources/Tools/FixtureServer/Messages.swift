import Foundation
import Hummingbird
import Scheduling

/// `GET /getMessages?offset=N`: 20 a page, newest first, failing as the contract lists.
public final class MessageSource: Sendable {
    enum Failure: CaseIterable, Sendable {
        /// HTTP 500 with an HTML body.
        case serverError
        /// HTTP 200 with a body that is not JSON.
        case notJSON
        /// HTTP 200 with `{"error": …}` and no `result`.
        case errorObject
        /// HTTP 200 with an empty body.
        case emptyBody
        /// An answer only after the client has given up.
        case tooSlow
        /// The connection closes in the middle of the body.
        case cutMidBody

        init?(name: String) {
            switch name {
            case "500": self = .serverError
            case "not-json": self = .notJSON
            case "error": self = .errorObject
            case "empty": self = .emptyBody
            case "slow": self = .tooSlow
            case "cut": self = .cutMidBody
            default: return nil
            }
        }
    }

    enum Outcome: Sendable {
        case page([String])
        case failure(Failure)
    }

    /// The contract's page.
    public static let pageSize = 20
    /// The messages there were before any arrived.
    let first: Int
    let pageSize: Int
    let failRate: Double
    let slowSeconds: Double
    /// Messages that arrived later, the newest, moving older numbers up; `arrive` adds more.
    private let arrivals: Mutex<Int>
    var arrived: Int { arrivals.withLock { $0 } }
    var count: Int { first + arrived }
    /// Texts served in place of the usual ones, by number.
    let texts: [Int: String]
    private let random: Mutex<SplitMix64>

    init(count: Int, pageSize: Int = MessageSource.pageSize, failRate: Double, seed: UInt64, slowSeconds: Double,
         arrived: Int = 0, texts: [Int: String] = [:]) {
        self.texts = texts
        first = count
        arrivals = Mutex(max(0, arrived))
        self.pageSize = max(1, pageSize)
        self.failRate = failRate
        self.slowSeconds = slowSeconds
        random = Mutex(SplitMix64(seed: seed ^ 0x6D65_7373))
    }

    /// A colleagues' chat in several scripts and lengths, oldest first, repeating.
    static let conversation = [
        "Morning! Are we still on for the review today?",
        "Yes, 3 pm in the small room.",
        "Can you send me the slides from Tuesday's meeting? I want to go through the numbers once more before Friday.",
        "Sent. The last two pages changed since Tuesday.",
        "Thanks, got them.",
        "Did you see the northern lights last night?",
        "No! Were they out again?",
        "Green over the whole lake, for almost an hour.",
        "Next time call me, I don't care how late it is.",
        "Deal 🌌",
        "By the way, the build is green again 🎉",
        "Finally. What was it?",
        "A test that waited on the clock instead of the server.",
        "Of course it was.",
        "Привет! Как дела? Я подключусь к обзору из Москвы.",
        "Great, I'll send you the link.",
        "Merci ! Ça marche, à tout à l'heure.",
        "Lunch at the usual place?",
        "ok",
        "12:30?",
        "Make it 12:45, I have a call first.",
        "Running ten minutes late, save me a seat.",
    ]

    /// Message `n` (1 newest) never changes: a conversation line counted from the end, numbered.
    static func text(number n: Int) -> String {
        let lines = conversation.count
        return "\(conversation[(lines - n % lines) % lines]) (\(n))"
    }

    /// `count` more messages arrive, the newest now: the list grows at its head.
    func arrive(_ count: Int) {
        arrivals.withLock { $0 += max(0, count) }
    }

    func outcome(offset: Int) -> Outcome {
        let roll = random.withLock { generator -> (fail: Bool, kind: Int) in
            let fail = Double(generator.next() % 1_000_000) / 1_000_000 < failRate
            return (fail, Int(generator.next() % UInt64(Failure.allCases.count)))
        }
        if roll.fail { return .failure(Failure.allCases[roll.kind]) }
        let arrived = self.arrived, count = first + arrived
        guard offset >= 0, offset < count else { return .page([]) }
        let numbers = (offset + 1)...min(offset + pageSize, count)
        return .page(numbers.map {
            if let text = texts[$0] { return text }
            // Numbered by arrival, so a message keeps its text as more come.
            return $0 <= arrived ? "A new message (\(arrived - $0 + 1))" : Self.text(number: $0 - arrived)
        })
    }
}

struct MessageRoutes {
    let source: MessageSource
    /// How long each page waits before answering (a slow network, for tests).
    var pageDelay: Double = 0
    var arrivalsOnRequest = false

    func register(on router: Router<FixtureContext>) {
        if arrivalsOnRequest {
            router.post("arrive") { request, _ -> Response in
                source.arrive(request.uri.queryParameters.get("count").flatMap { Int($0) } ?? 1)
                return Response(status: .noContent)
            }
        }
        router.get("getMessages") { request, _ -> Response in
            let offset = request.uri.queryParameters.get("offset").flatMap { Int($0) } ?? 0
            // `fail=<kind>` asks for one failure on purpose, for tests of each kind.
            if let forced = request.uri.queryParameters.get("fail").flatMap(MessageSource.Failure.init(name:)) {
                return try await respond(forced)
            }
            if pageDelay > 0 { try await Task.sleep(for: .milliseconds(Int(pageDelay * 1000))) }
            switch source.outcome(offset: offset) {
            case .page(let texts):
                // With an ETag of its bytes, and 304 to a request that has it (the chat's polling).
                let body = jsonData(["result": texts]), etag = MediaLibrary.etag(of: body)
                if request.headers[.ifNoneMatch] == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
                return Response(status: .ok, headers: [.contentType: "application/json", .eTag: etag],
                                body: .init(byteBuffer: ByteBuffer(bytes: body)))
            case .failure(let failure):
                return try await respond(failure)
            }
        }
    }

    private func respond(_ failure: MessageSource.Failure) async throws -> Response {
        switch failure {
        case .serverError:
            return Response(status: .internalServerError, headers: [.contentType: "text/html"],
                            body: .init(byteBuffer: ByteBuffer(string: "<html><body><h1>500 Internal Server Error</h1></body></html>")))
        case .notJSON:
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(string: "Warning: mysqli_connect(): Too many connections")))
        case .errorObject:
            return json(["error": "Service temporarily unavailable"])
        case .emptyBody:
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init())
        case .tooSlow:
            try await Task.sleep(for: .seconds(source.slowSeconds))
            return json(["result": []])
        case .cutMidBody:
            let full = #"{"result":["This message never arrives whole because the connection drops"]}"#
            let half = String(full.prefix(full.count / 2))
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: ResponseBody(contentLength: full.utf8.count) { writer in
                                try await writer.write(ByteBuffer(string: half))
                                throw ConnectionCut()
                            })
        }
    }
}

/// Thrown from a response body writer to drop the connection mid-body.
struct ConnectionCut: Error {}
