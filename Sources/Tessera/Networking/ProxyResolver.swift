import CGio
import Domain
import Foundation
import Scheduling

/// Each request's proxy from GIO: the desktop's settings or one given; local servers direct.
public final class ProxyResolver: @unchecked Sendable { // the resolver is thread-safe; `answers` is under its mutex
    /// Answers kept per scheme, host and port: a PAC script runs once a minute, not per request.
    public static let answerLife: Duration = .seconds(60)

    /// The desktop's proxy, GIO's resolver found at the first lookup: its modules take long to load,
    /// and loopback requests never need them. Without glib-networking curl reads the variables itself.
    public static let desktop = ProxyResolver(making: { () -> OpaquePointer? in
        // The default resolver is shared and lives as long as the process (transfer none).
        guard let resolver = g_proxy_resolver_get_default(),
              String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(resolver).assumingMemoryBound(to: GTypeInstance.self)))
                != "GDummyProxyResolver" else { return nil }
        g_object_ref(UnsafeMutableRawPointer(resolver))
        return resolver
    })

    /// Made at the first lookup by `make` unless given, then kept (an inner nil: no resolver).
    private let resolver: Mutex<OpaquePointer??>
    private let make: @Sendable () -> OpaquePointer?
    private let answers = Mutex<[String: (proxy: String?, until: ContinuousClock.Instant)]>([:])

    private init(_ resolver: OpaquePointer?? = nil, making make: @escaping @Sendable () -> OpaquePointer? = { nil }) {
        nonisolated(unsafe) let given = resolver
        self.resolver = Mutex(given)
        self.make = make
    }

    /// Everything through `proxy` but the `ignoring` hosts, in GIO's forms.
    public convenience init(proxy: String, ignoring: [String] = []) {
        self.init(.some(ignoring.withCStringArray { g_simple_proxy_resolver_new(proxy, $0) }))
    }

    deinit {
        if case let made?? = resolver.withLock({ $0 }) { g_object_unref(UnsafeMutableRawPointer(made)) }
    }

    /// `CURLOPT_PROXY` for `url`: "" direct, a proxy, or nil for curl's own reading.
    func curlProxy(for url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        if url.isOnThisMachine { return "" }
        let key = "\(scheme)://\(host):\(url.port ?? -1)"
        let now = ContinuousClock.now
        if let kept = answers.withLock({ $0[key] }), kept.until > now { return kept.proxy }
        let proxy = lookUp(url)
        answers.withLock { $0[key] = (proxy, now + Self.answerLife) }
        return proxy
    }

    /// The resolver's first answer for `url`, as curl writes proxies.
    private func lookUp(_ url: URL) -> String? {
        let made = resolver.withLock { resolver in
            if resolver == nil { resolver = .some(make()) }
            return resolver!
        }
        guard let made else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let list = g_proxy_resolver_lookup(made, url.absoluteString, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_strfreev(list) }
        return list[0].map { Self.curlProxy(String(cString: $0)) }
    }

    /// GIO's URI for curl; socks becomes socks5h, resolving names through the proxy.
    static func curlProxy(_ proxy: String) -> String {
        if proxy == "direct://" { return "" }
        for socks in ["socks://", "socks5://"] where proxy.hasPrefix(socks) {
            return "socks5h://" + proxy.dropFirst(socks.count)
        }
        return proxy
    }
}

private extension Array where Element == String {
    /// `body` with the strings as a NULL-terminated C array.
    func withCStringArray<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>) -> T) -> T {
        var copies: [UnsafeMutablePointer<gchar>?] = map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
