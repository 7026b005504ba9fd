import FixtureServer
import Foundation
import Networking
import Scheduling
import TestSupport
import XCTest

/// What the curl client does with the bad cases, limits, cancellation and connections.
final class ClientBehaviourTests: ServerTestCase {
    func testOnlyHTTPAndHTTPSAreSent() async {
        let client = CurlHTTPClient()
        for bad in ["file:///etc/passwd", "ftp://127.0.0.1/x", "javascript:alert(1)"] {
            do {
                _ = try await client.send(HTTPRequest(url: URL(string: bad)!))
                XCTFail(bad)
            } catch {
                XCTAssertEqual(error, .refusedURL(bad))
            }
        }
    }

    func testRedirectsAreFollowedUpToFiveAndNeverToAnotherScheme() async throws {
        let client = CurlHTTPClient()
        let ok = try await client.send(HTTPRequest(url: url("bad/redirect/3"))).validated()
        XCTAssertEqual(ok.headers["content-type"], "image/png")
        XCTAssertTrue(ok.url.path.hasPrefix("/synthetic/"))
        do {
            _ = try await client.send(HTTPRequest(url: url("bad/redirect/7")))
            XCTFail("seven hops")
        } catch {
            XCTAssertEqual(error, .tooManyRedirects)
        }
        for path in ["bad/redirect-to-file", "bad/redirect-to-ftp"] {
            do {
                _ = try await client.send(HTTPRequest(url: url(path)))
                XCTFail(path)
            } catch {
                guard case .refusedURL = error else { return XCTFail("\(path): \(error)") }
            }
        }
    }

    func testASlowDripIsAbandoned() async throws {
        var configuration = CurlHTTPClient.Configuration()
        configuration.lowSpeedLimit = 4096
        configuration.lowSpeedTime = .seconds(2)
        let client = CurlHTTPClient(configuration: configuration)
        let start = ContinuousClock.now
        do {
            _ = try await client.send(HTTPRequest(url: url("bad/slow-drip")))
            XCTFail("1 KB/s is below the limit")
        } catch {
            XCTAssertEqual(error, .timeout)
        }
        XCTAssertLessThan(ContinuousClock.now - start, TestTime.scaled(.seconds(10)))
    }

    func testBodiesOverTheLimitAreRefused() async {
        let client = CurlHTTPClient()
        do {
            _ = try await client.send(HTTPRequest(url: url("images/ladybird-2560x1600.jpg"), maximumBodySize: 64 * 1024))
            XCTFail("the photo is larger than 64 KB")
        } catch {
            XCTAssertEqual(error, .bodyTooLarge(limit: 64 * 1024))
        }
    }

    /// A request goes through the proxy its resolver names for its address (a GIO resolver, as
    /// the desktop's is): here every address through the test server, so a host that does not
    /// exist reaches it (and is refused there, by name). A host the resolver leaves out
    /// goes direct (and, not existing, is not reached), and so does this machine, even through a
    /// proxy that is not there.
    func testRequestsGoThroughTheProxyNamedForTheirAddressAndThisMachineDirectly() async throws {
        var configuration = CurlHTTPClient.Configuration()
        let proxy = String(base.absoluteString.dropLast())
        configuration.proxies = ProxyResolver(proxy: proxy, ignoring: ["left-out.invalid"])
        let client = CurlHTTPClient(configuration: configuration)
        // The test server, reached as a proxy, refuses to answer for another host, in its words:
        // the request went through it.
        let proxied = try await client.send(HTTPRequest(url: URL(string: "http://through-the-proxy.invalid/facts.json")!))
        XCTAssertEqual(proxied.status, 403)
        XCTAssertTrue(String(decoding: proxied.body, as: UTF8.self).contains("not to “through-the-proxy.invalid”"),
                      String(decoding: proxied.body, as: UTF8.self))
        do {
            _ = try await client.send(HTTPRequest(url: URL(string: "http://left-out.invalid/facts.json")!))
            XCTFail("a host left out goes direct, and does not exist")
        } catch {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
        var nowhere = CurlHTTPClient.Configuration()
        nowhere.proxies = ProxyResolver(proxy: "http://127.0.0.1:1")
        let direct = try await CurlHTTPClient(configuration: nowhere).send(HTTPRequest(url: base.appendingPathComponent("facts.json")))
        XCTAssertEqual(direct.status, 200, "this machine, directly")
    }

    func testAClosedPortIsUnreachable() async {
        do {
            _ = try await CurlHTTPClient().send(HTTPRequest(url: URL(string: "http://127.0.0.1:9/")!))
            XCTFail("nothing listens on port 9")
        } catch {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
    }

    func testCancellingTheTaskStopsTheTransfer() async throws {
        let client = CurlHTTPClient()
        let request = HTTPRequest(url: url("bad/slow-drip"))
        let task = Task { try await client.send(request) }
        await eventually("the drip to start") { (loopbackStats?.activeTransfers ?? 0) == 1 }
        let cancelledAt = ContinuousClock.now
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("cancelled")
        } catch {
            XCTAssertEqual(error as? HTTPError, .cancelled)
        }
        XCTAssertLessThan(ContinuousClock.now - cancelledAt, TestTime.scaled(.seconds(1)))
        await eventually("the server to see the connection go") { (loopbackStats?.activeTransfers ?? 1) == 0 }
    }

    /// Header names are read in lower case and values without the spaces around them, whatever a
    /// server writes (a bare socket answering as an odd server does).
    func testHeadersAreReadWhateverTheirCaseAndSpacing() async throws {
        let answer = "HTTP/1.1 200 OK\r\nContent-TYPE:   image/png \t\r\nX-Empty:\r\nETag:\t\"a:b\"\r\n"
            + "Content-Length: 2\r\nConnection: close\r\n\r\nhi"
        // The first connection answered with these bytes, whatever it asks.
        let server = try LoopbackListener(once: true) { connection in
            _ = LoopbackListener.requestHead(from: connection)
            LoopbackListener.write(Data(answer.utf8), to: connection)
        }
        let response = try await CurlHTTPClient().send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(server.port)/x")!))
        XCTAssertEqual(response.headers["content-type"], "image/png")
        XCTAssertEqual(response.headers["x-empty"], "")
        XCTAssertEqual(response.headers["etag"], "\"a:b\"")
        XCTAssertEqual(response.body, Data("hi".utf8))
    }

    /// A body of many steps is reported as it comes: growing, a step apart, the whole length as
    /// the server said it, and once more with its last byte.
    func testProgressIsToldAsTheBodyComes() async throws {
        let reports = Mutex<[(received: Int, expected: Int?)]>([])
        var request = HTTPRequest(url: url("synthetic/7/3000x2000.png"))
        request.onProgress = { body, expected in
            reports.withLock { $0.append((body.count, expected)) }
            return .goOn
        }
        let response = try await CurlHTTPClient().send(request).validated()
        let told = reports.withLock { $0 }
        let length = response.body.count
        XCTAssertGreaterThan(length, 4 * HTTPRequest.progressStep, "the picture is too small to tell anything")
        XCTAssertGreaterThanOrEqual(told.count, 4)
        XCTAssertLessThanOrEqual(told.count, length / HTTPRequest.progressStep + 1)
        XCTAssertEqual(told.last?.received, length)
        XCTAssertTrue(told.allSatisfy { $0.expected == length }, "\(told.map(\.expected))")
        XCTAssertEqual(told.map(\.received), told.map(\.received).sorted())
        for (earlier, later) in zip(told, told.dropFirst()).dropLast() {
            XCTAssertGreaterThanOrEqual(later.received - earlier.received, HTTPRequest.progressStep)
        }
        // Nobody watching: nothing is told, and the body is the same.
        let unwatched = try await CurlHTTPClient().send(HTTPRequest(url: url("synthetic/7/3000x2000.png"))).validated()
        XCTAssertEqual(unwatched.body, response.body)
    }

    /// A reader that has what it wants stops the transfer: the response is the start that came,
    /// said to have ended early, and the client goes on to the next request.
    func testAReaderThatHasEnoughStopsTheTransfer() async throws {
        let client = CurlHTTPClient()
        let whole = try await client.send(HTTPRequest(url: url("synthetic/8/3000x2000.png"))).validated().body
        XCTAssertGreaterThan(whole.count, 4 * HTTPRequest.progressStep, "the picture is too small to tell anything")
        var request = HTTPRequest(url: url("synthetic/8/3000x2000.png"))
        request.onProgress = { body, _ in body.count >= 2 * HTTPRequest.progressStep ? .enough : .goOn }
        let stopped = try await client.send(request).validated()
        XCTAssertTrue(stopped.endedEarly)
        XCTAssertGreaterThanOrEqual(stopped.body.count, 2 * HTTPRequest.progressStep)
        XCTAssertLessThan(stopped.body.count, whole.count)
        XCTAssertEqual(stopped.body, whole.prefix(stopped.body.count), "the body's own start")
        let next = try await client.send(HTTPRequest(url: url("synthetic/8/3000x2000.png"))).validated()
        XCTAssertFalse(next.endedEarly)
        XCTAssertEqual(next.body, whole)
    }

    func testSequentialRequestsReuseOneConnection() async throws {
        let client = CurlHTTPClient()
        for seed in 0..<10 {
            _ = try await client.send(HTTPRequest(url: url("synthetic/\(seed)/32x32.png"))).validated()
        }
        XCTAssertEqual(loopbackStats?.connections, 1)
        XCTAssertEqual(loopbackStats?.requests, 10)
    }

    /// A client let go is freed and closes its connection (each one once kept a thread and its
    /// connections for good: a test run piled up hundreds of both).
    func testAClientLetGoIsFreedAndClosesItsConnection() async throws {
        weak var freed: CurlHTTPClient?
        do {
            let client = CurlHTTPClient()
            freed = client
            _ = try await client.send(HTTPRequest(url: url("synthetic/1/32x32.png"))).validated()
        }
        XCTAssertNil(freed, "the client let go")
        XCTAssertEqual(loopbackStats?.connections, 1)
        let deadline = ContinuousClock.now + .seconds(5)
        while loopbackStats?.openConnections != 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(loopbackStats?.openConnections, 0, "the connection closed by the client")
    }

    func testParallelRequestsRespectThePerHostLimit() async throws {
        var configuration = CurlHTTPClient.Configuration()
        configuration.maximumConnectionsPerHost = 2
        let client = CurlHTTPClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seed in 0..<12 {
                let request = HTTPRequest(url: url("synthetic/\(seed)/400x300.jpg"))
                group.addTask { _ = try await client.send(request).validated() }
            }
            try await group.waitForAll()
        }
        XCTAssertLessThanOrEqual(loopbackStats?.connections ?? 99, 2)
        XCTAssertLessThanOrEqual(loopbackStats?.maxConcurrentTransfers ?? 99, 2)
    }

    func testSerialModeUsesOneConnectionOneTransferAtATimeHighestPriorityFirst() async throws {
        let serial = SerialHTTPClient()
        let order = OrderLog()
        // Occupy the connection, then queue the 20 avatars with rising priority: the highest goes next.
        let big = HTTPRequest(url: url("synthetic/99/1500x1500.jpg"))
        let blocker = Task { try await serial.send(big, key: "blocker", priority: 0) }
        await eventually("the first transfer") { (loopbackStats?.activeTransfers ?? 0) == 1 }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for number in 1...20 {
                let name = String(format: "avatars_cartoon_animals_%02d.png", number)
                let request = HTTPRequest(url: url("pre-login-avatars/\(name)"))
                group.addTask {
                    _ = try await serial.send(request, key: name, priority: number)
                    order.append(number)
                }
            }
            while await serial.waitingCount < 20 { await Task.yield() }
            // A row scrolled into view jumps the queue.
            await serial.setPriority(100, forKey: "avatars_cartoon_animals_03.png")
            _ = try await blocker.value
            try await group.waitForAll()
        }
        let stats = try XCTUnwrap(loopbackStats)
        XCTAssertEqual(stats.connections, 1, "one kept-alive connection")
        XCTAssertEqual(stats.maxConcurrentTransfers, 1, "never two downloads at once")
        XCTAssertEqual(stats.requests, 21)
        // The order the server was asked in: the callers' own tasks may note their answers in
        // another order (the one answered last can be resumed before the one answered first).
        let asked = stats.recent.compactMap { path -> Int? in
            guard let range = path.range(of: "avatars_cartoon_animals_") else { return nil }
            return Int(path[range.upperBound...].prefix(2))
        }
        XCTAssertEqual(asked, [3] + Array((1...20).reversed()).filter { $0 != 3 })
        XCTAssertEqual(Set(order.values), Set(1...20), "every caller was answered")
    }
}

/// Completion order shared by concurrent tasks.
final class OrderLog: @unchecked Sendable {
    private var list: [Int] = []
    private let lock = NSLock()
    func append(_ value: Int) { lock.withLock { list.append(value) } }
    var values: [Int] { lock.withLock { list } }
}
