import Domain
import Foundation
import Gtk

/// When an unreachable server may be back, and when a remote one's network went.
@MainActor
final class ServerComingBack {
    /// A local connect costs microseconds: once a second keeps "back within 5 s".
    static let loopbackLook: Duration = .seconds(1)

    private let network = NetworkMonitor()
    private let wakes: SleepMonitor
    private var wakeToken: Int?
    private let server: @MainActor () async -> URL
    private let back: @MainActor () -> Void
    private let gone: @MainActor () -> Void
    private var looking: Task<Void, Never>?

    /// `back`: maybe there again; `gone`: the network went (remote only); `wakes`: resume events.
    init(server: @escaping @MainActor () async -> URL, wakes: SleepMonitor = .system, gone: @escaping @MainActor () -> Void = {},
         back: @escaping @MainActor () -> Void) {
        self.server = server
        self.back = back
        self.gone = gone
        self.wakes = wakes
        network.onChange { [weak self] available in
            if available { self?.back() } else { self?.networkWent() }
        }
        wakeToken = wakes.onWake { [weak self] in self?.back() }
    }

    /// Told unless the server is local; the address is asked each time, as it may have moved.
    private func networkWent() {
        Task { [weak self] in
            guard let self else { return }
            let address = await self.server()
            // Still gone once the address is known (a network back meanwhile was told already).
            if !address.isOnThisMachine, !self.network.isNetworkAvailable { self.gone() }
        }
    }

    isolated deinit {
        looking?.cancel()
        if let wakeToken { wakes.remove(wakeToken) }
    }

    /// Looks for a local server until it accepts (once), or `stop()`.
    func wait() {
        guard looking == nil else { return }
        looking = Task { [weak self, server] in
            let address = await server()
            guard address.isOnThisMachine, let host = address.host else { return }
            let port = address.port ?? (address.scheme == "https" ? 443 : 80)
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.loopbackLook)
                guard !Task.isCancelled else { return }
                if await Self.accepts(host: host, port: port) {
                    self?.looking = nil
                    self?.back()
                    return
                }
            }
        }
    }

    /// The section reached its server (or left): no more looking.
    func stop() {
        looking?.cancel()
        looking = nil
    }

    /// Whether something accepts a TCP connection at `host`:`port` (closed at once), off the main thread.
    nonisolated static func accepts(host: String, port: Int) async -> Bool {
        await Task.detached {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>?
            let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            guard getaddrinfo(name, String(port), &hints, &found) == 0, let first = found else { return false }
            defer { freeaddrinfo(first) }
            let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
            guard socket >= 0 else { return false }
            defer { close(socket) }
            return connect(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0
        }.value
    }
}
