@testable import App
import Domain
import Foundation
import Glibc
import Gtk
import XCTest

/// GIO's network monitor as it is on a desktop with NetworkManager: GIO's "networkmanager"
/// monitor, reading `networkmanager-stand-in.py` on a private D-Bus daemon standing in for the
/// system bus. GIO settles its monitor and the system bus's address once per process, so each
/// test runs in a process of its own, set up before either is first asked for.
final class NetworkManagerTests: AppTestCase {
    /// NetworkManager going offline and coming back, with no route changing (as when it is told
    /// to, or its connection goes and comes): a section whose server is elsewhere hears both, once
    /// each (it shows itself offline, then asks again); one whose server is on this machine hears
    /// only the coming back. A Wi-Fi's login page passed is heard too.
    func testWhatNetworkManagerSaysOfTheNetworkIsHeard() throws {
        try inOwnProcess {
            let (bus, manager) = try standInSystemBus()
            defer { manager.stop(); bus.stop() }
            try onMain {
                let monitor = NetworkMonitor()
                XCTAssertEqual(monitor.typeName, "GNetworkMonitorNM", "GIO did not take NetworkManager's monitor")
                XCTAssertTrue(monitor.isNetworkAvailable)
                var heard: [String] = []
                let comingBack = ServerComingBack(server: { URL(string: "http://192.0.2.1/")! },
                                                  wakes: SleepMonitor(address: bus.address),
                                                  gone: { heard.append("gone") }, back: { heard.append("back") })
                comingBack.wait()
                // A server on this machine needs no network: its going is not told (the page would
                // show itself offline), its coming back is (a reason to ask, as ever).
                var heardOnThisMachine: [String] = []
                let onThisMachine = ServerComingBack(server: { URL(string: "http://127.0.0.1:9/")! },
                                                     wakes: SleepMonitor(address: bus.address),
                                                     gone: { heardOnThisMachine.append("gone") }, back: { heardOnThisMachine.append("back") })
                try manager.send("State 20 Connectivity 1", until: "sent")
                waitFor("the network gone (heard \(heard))") { heard == ["gone"] }
                XCTAssertFalse(monitor.isNetworkAvailable)
                try manager.send("State 70 Connectivity 4", until: "sent")
                waitFor("the network back (heard \(heard))") { heard == ["gone", "back"] }
                waitFor("the network back, for the server on this machine (heard \(heardOnThisMachine))") { heardOnThisMachine == ["back"] }
                _ = onThisMachine
                // Connected to a Wi-Fi's login page only, then through it: a network all along
                // (GIO says so), the second change the one that lets the section through.
                try manager.send("State 60 Connectivity 2", until: "sent")
                waitFor("the login page (heard \(heard))") { heard.count == 3 }
                try manager.send("State 70 Connectivity 4", until: "sent")
                waitFor("through the login page (heard \(heard))") { heard.count == 4 }
                XCTAssertEqual(heard, ["gone", "back", "back", "back"])
                comingBack.stop()
            }
        }
    }

    /// A metered network, as NetworkManager says it is (a phone's tethered link), saves data;
    /// a network it guesses is not metered does not.
    func testAMeteredNetworkSavesData() throws {
        try inOwnProcess {
            let (bus, manager) = try standInSystemBus()
            defer { manager.stop(); bus.stop() }
            try onMain {
                let saving = DataSaving(alwaysSaves: false)
                var heard: [Bool] = []
                saving.observe(self) { heard.append($0) }
                XCTAssertEqual(heard, [false])
                try manager.send("Metered 1", until: "sent")
                waitFor("saving data (heard \(heard))") { heard == [false, true] }
                try manager.send("Metered 4", until: "sent")
                waitFor("not saving data (heard \(heard))") { heard == [false, true, false] }
            }
        }
    }

    /// The whole road in the app: the feed from a server elsewhere (on this machine's network
    /// address, which is not loopback, so the network monitor speaks for it), then
    /// NetworkManager saying the network went: the feed shows itself offline at once, asking the
    /// server nothing; the network back, the notice goes, and nothing is asked either (nothing
    /// had failed, and nothing was scrolled to).
    func testTheFeedShowsItselfOfflineTheMomentNetworkManagerSaysTheNetworkWent() throws {
        try inOwnProcess {
            guard let address = Self.networkAddress() else {
                throw XCTSkip("this machine has no network address but loopback")
            }
            let (bus, manager) = try standInSystemBus()
            defer { manager.stop(); bus.stop() }
            try onMain {
                let server = try startServer { $0.host = address }
                defer { stop(server) }
                let base = try XCTUnwrap(URL(string: "http://\(address):\(server.port)/"))
                XCTAssertFalse(base.isOnThisMachine)
                let app = try launch(backend: base, section: .feed)
                let main = try XCTUnwrap(app.mainWindow)
                defer { main.window.destroy() }
                let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
                waitForServer("the first page", timeout: .seconds(20)) { page.model.state.posts.count >= 10 && page.model.state.receivedAt != nil }
                waitForServer("the tiles in view", timeout: .seconds(20)) { page.isSettled }
                func asked() -> Int { server.client(address)?.requests ?? 0 }
                let before = asked(), pathsBefore = server.requestedPaths.count
                // Said with a failure below: what was asked after `before` (a late request is not a probe).
                func askedSince() -> [String] { Array(server.requestedPaths.dropFirst(pathsBefore)) }
                XCTAssertGreaterThan(before, 0, "the feed came from \(address)")
                XCTAssertFalse(page.bannerLabel.isMapped)

                try manager.send("State 20 Connectivity 1", until: "sent")
                waitFor("the offline notice") { page.bannerLabel.isMapped && page.bannerLabel.text.hasPrefix("Offline. Showing what was saved at ") }
                XCTAssertTrue(page.model.state.isOffline)
                XCTAssertEqual(asked(), before, "nothing asked to find out: \(askedSince())")

                try manager.send("State 70 Connectivity 4", until: "sent")
                waitFor("the notice gone", timeout: .seconds(5)) { !page.bannerLabel.isMapped }
                XCTAssertFalse(page.model.state.isOffline)
                XCTAssertEqual(asked(), before, "nothing had failed: nothing asked again: \(askedSince())")
                XCTAssertEqual(page.model.state.posts.count, page.grid.items.count, "the posts as they were")
            }
        }
    }

    /// This machine's first IPv4 address that is not loopback, if it has one.
    private static func networkAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK) == 0, entry.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            return String(cString: name)
        }
        return nil
    }

    /// A private bus with the NetworkManager stand-in on it, made the system bus of this process,
    /// and GIO told to use NetworkManager's monitor (it would fall back to netlink without a word
    /// if NetworkManager could not be reached).
    private func standInSystemBus() throws -> (PrivateBus, BusStandIn) {
        let bus = try PrivateBus()
        let manager: BusStandIn
        do {
            manager = try BusStandIn(script: "networkmanager-stand-in.py", address: bus.address)
        } catch {
            bus.stop()
            throw error
        }
        setenv("DBUS_SYSTEM_BUS_ADDRESS", bus.address, 1)
        setenv("GIO_USE_NETWORK_MONITOR", "networkmanager", 1)
        return (bus, manager)
    }
}
