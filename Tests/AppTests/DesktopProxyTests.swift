import Foundation
import Networking
import Scheduling
import TestSupport
import XCTest

/// The desktop's proxy settings, as a person sets them, reach every request: GNOME's settings
/// (GSettings, through GIO's resolver) and the `http_proxy` and `no_proxy` variables. Each test
/// runs in a process of its own, started with the settings, as the app is (GIO settles its proxy
/// resolver once a process). A proxy on loopback answers every request with the request line it
/// was sent, so the process sees whether a request went through it (a full address) or straight
/// to the server (a path).
final class DesktopProxyTests: XCTestCase {
    /// GNOME's settings, manual: HTTP through the proxy, one host left out.
    func testRequestsGoThroughTheProxyGNOMEsSettingsName() throws {
        let proxy = try lineEchoingProxy()
        let home = try Self.gnomeSettings("""
            [system/proxy]
            mode='manual'
            ignore-hosts=['left-out.invalid', 'localhost', '127.0.0.0/8']

            [system/proxy/http]
            host='127.0.0.1'
            port=\(proxy.port)
            """)
        defer { try? FileManager.default.removeItem(at: home) }
        try inOwnProcess(environment: Self.gnome(home, proxy: proxy), clearing: Self.proxyVariables) {
            try assertRequestsGoThroughTheProxy()
        }
    }

    /// GNOME's settings, automatic: a PAC file's script names the proxy for one host and none for
    /// the others (GIO runs it in glib-networking's PAC runner, which the session bus starts).
    func testRequestsGoThroughTheProxyAPACFileNames() throws {
        let proxy = try lineEchoingProxy()
        let home = try Self.gnomeSettings("")
        defer { try? FileManager.default.removeItem(at: home) }
        let pac = home.appendingPathComponent("proxy.pac")
        try """
            function FindProxyForURL(url, host) {
                if (host == "through-the-desktop-proxy.invalid") return "PROXY 127.0.0.1:\(proxy.port)";
                return "DIRECT";
            }
            """.write(to: pac, atomically: true, encoding: .utf8)
        try "[system/proxy]\nmode='auto'\nautoconfig-url='\(pac.absoluteString)'\n"
            .write(to: home.appendingPathComponent("glib-2.0/settings/keyfile"), atomically: true, encoding: .utf8)
        let bus = try PrivateBus()
        defer { bus.stop() }
        try inOwnProcess(environment: Self.gnome(home, proxy: proxy).merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 },
                         clearing: Self.proxyVariables) {
            try assertRequestsGoThroughTheProxy()
        }
    }

    /// A folder standing for a home's configuration with GNOME's settings in it, as the keyfile
    /// backend keeps them (`dconf` is not on a test machine; the keys, and the resolver that reads
    /// them, are the same).
    private static func gnomeSettings(_ keyfile: String) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-proxy-\(UUID().uuidString)")
        let settings = home.appendingPathComponent("glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try keyfile.write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        return home
    }

    /// A GNOME session's variables, its settings in `home`.
    private static func gnome(_ home: URL, proxy: LoopbackListener) -> [String: String] {
        ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": home.path, "XDG_CURRENT_DESKTOP": "GNOME",
         "GIO_USE_PROXY_RESOLVER": "gnome", "TESSERA_TEST_PROXY_PORT": "\(proxy.port)"]
    }

    /// The variables, on a desktop that is not GNOME (GIO asks libproxy, which reads them).
    func testRequestsGoThroughTheProxyTheVariablesName() throws {
        let proxy = try lineEchoingProxy()
        try inOwnProcess(environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "left-out.invalid,localhost,127.0.0.1",
                                       "TESSERA_TEST_PROXY_PORT": "\(proxy.port)"],
                         clearing: Self.proxyVariables + ["XDG_CURRENT_DESKTOP", "GIO_USE_PROXY_RESOLVER"]) {
            try assertRequestsGoThroughTheProxy()
        }
    }

    /// The variables where GIO has no resolver but its own, which sends everything directly (a
    /// system without glib-networking): curl reads them itself.
    func testTheVariablesAreHeardWithoutGIOsResolvers() throws {
        let proxy = try lineEchoingProxy()
        try inOwnProcess(environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "no_proxy": "left-out.invalid,localhost,127.0.0.1",
                                       "GIO_USE_PROXY_RESOLVER": "dummy", "TESSERA_TEST_PROXY_PORT": "\(proxy.port)"],
                         clearing: Self.proxyVariables + ["XDG_CURRENT_DESKTOP"]) {
            try assertRequestsGoThroughTheProxy()
        }
    }

    /// GIO's proxy modules load at the first address elsewhere: requests to this machine (the
    /// built-in server at every launch) never wait for them.
    func testRequestsToThisMachineLoadNoProxyModule() throws {
        let proxy = try lineEchoingProxy()
        try inOwnProcess(environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "TESSERA_TEST_PROXY_PORT": "\(proxy.port)"],
                         clearing: Self.proxyVariables + ["XDG_CURRENT_DESKTOP", "GIO_USE_PROXY_RESOLVER"]) {
            let port = try XCTUnwrap(ProcessInfo.processInfo.environment["TESSERA_TEST_PROXY_PORT"])
            let client = CurlHTTPClient()
            XCTAssertEqual(try Self.send(client, "http://127.0.0.1:\(port)/on-this-machine"), "GET /on-this-machine HTTP/1.1")
            XCTAssertEqual(try Self.proxyModulesLoaded(), [], "after a request to this machine")
            XCTAssertEqual(try Self.send(client, "http://through-the-desktop-proxy.invalid/a"), "GET http://through-the-desktop-proxy.invalid/a HTTP/1.1")
            XCTAssertNotEqual(try Self.proxyModulesLoaded(), [], "after a request elsewhere")
        }
    }

    /// The file names of GIO's proxy modules this process has loaded.
    private static func proxyModulesLoaded() throws -> Set<String> {
        // Read to its end: the file's size reads 0.
        let maps = String(decoding: try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: "/").last.map(String.init).flatMap { $0.hasPrefix("libgio") && $0.contains("proxy") ? $0 : nil }
        })
    }

    private static let proxyVariables = ["http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]

    /// In the test's own process: an address elsewhere goes through the proxy, a host left out goes
    /// directly (and, not existing, is not reached), and this machine directly.
    private func assertRequestsGoThroughTheProxy(file: StaticString = #filePath, line: UInt = #line) throws {
        let port = try XCTUnwrap(ProcessInfo.processInfo.environment["TESSERA_TEST_PROXY_PORT"])
        let client = CurlHTTPClient()
        let proxied = try Self.send(client, "http://through-the-desktop-proxy.invalid/facts.json")
        XCTAssertEqual(proxied, "GET http://through-the-desktop-proxy.invalid/facts.json HTTP/1.1", "through the proxy", file: file, line: line)
        let direct = try Self.send(client, "http://127.0.0.1:\(port)/on-this-machine")
        XCTAssertEqual(direct, "GET /on-this-machine HTTP/1.1", "this machine directly", file: file, line: line)
        XCTAssertThrowsError(try Self.send(client, "http://left-out.invalid/facts.json"), "a host left out goes directly, and does not exist",
                             file: file, line: line)
    }

    /// The body `client` gets for `address` (the request line the proxy saw).
    private static func send(_ client: CurlHTTPClient, _ address: String) throws -> String {
        let result = Mutex<Result<HTTPResponse, HTTPError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do throws(HTTPError) {
                let response = try await client.send(HTTPRequest(url: URL(string: address)!))
                result.withLock { $0 = .success(response) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 30) == .success else { throw HTTPError.cancelled }
        return String(decoding: try result.withLock { $0! }.get().body, as: UTF8.self)
    }
}

/// A proxy on loopback that answers every request with its request line ("GET … HTTP/1.1"), for
/// as long as it lives.
private func lineEchoingProxy() throws -> LoopbackListener {
    try LoopbackListener { connection in
        let line = LoopbackListener.requestHead(from: connection).components(separatedBy: "\r\n").first ?? ""
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(line.utf8.count)\r\nConnection: close\r\n\r\n\(line)"
        LoopbackListener.write(Data(answer.utf8), to: connection)
    }
}
