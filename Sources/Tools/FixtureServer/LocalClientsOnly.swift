import Foundation
import Hummingbird

/// Keeps web pages out: loopback `Host` only (403), no foreign `Origin` (403), JSON or form POSTs (415).
struct LocalClientsOnlyMiddleware: RouterMiddleware {
    typealias Context = FixtureContext
    /// Our host; a wildcard opens us to the network on purpose, still checking origins.
    let host: String

    func handle(_ request: Request, context: FixtureContext,
                next: (Request, FixtureContext) async throws -> Response) async throws -> Response {
        if let problem = problem(with: request) { return problem }
        return try await next(request, context)
    }

    private func problem(with request: Request) -> Response? {
        let authority = request.head.authority ?? ""
        guard isAllowed(authority: authority) else {
            return refusal(.forbidden, "This server only answers requests addressed to 127.0.0.1 or localhost, not to “\(authority)”.")
        }
        if let origin = request.headers[.origin], !isSameOrigin(origin, authority: authority) {
            return refusal(.forbidden, "Requests from web pages (origin “\(origin)”) are not accepted.")
        }
        if request.method == .post, let type = request.headers[.contentType] {
            let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let accepted = mediaType == "application/json" || mediaType.hasSuffix("+json")
                || mediaType == "application/x-www-form-urlencoded"
            guard accepted else {
                return refusal(.unsupportedMediaType, "A POST body must be JSON or a URL-encoded form, not “\(type)”.")
            }
        } else if request.method == .post, let length = request.headers[.contentLength], length != "0" {
            return refusal(.unsupportedMediaType, "A POST body must say its type (JSON or a URL-encoded form).")
        }
        return nil
    }

    /// Whether `authority` ("host:port") names this server.
    func isAllowed(authority: String) -> Bool {
        if ["0.0.0.0", "::", "[::]"].contains(host) { return !authority.isEmpty }
        guard let name = Self.hostName(of: authority) else { return false }
        return ["127.0.0.1", "localhost", "[::1]", host.lowercased(), "[\(host.lowercased())]"].contains(name)
    }

    /// An origin naming the request's own (local) authority.
    private func isSameOrigin(_ origin: String, authority: String) -> Bool {
        guard let url = URL(string: origin), url.scheme == "http", let originHost = url.host else { return false }
        let originAuthority = url.port.map { "\(originHost):\($0)" } ?? originHost
        return originAuthority.lowercased() == authority.lowercased()
    }

    /// The lower-cased host of an authority; nil for a non-numeric port.
    static func hostName(of authority: String) -> String? {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("[") {
            guard let close = lowered.firstIndex(of: "]") else { return nil }
            let rest = lowered[lowered.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber) && rest.count > 1) else { return nil }
            return String(lowered[...close])
        }
        let parts = lowered.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return String(parts[0])
        case 2 where !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber): return String(parts[0])
        default: return nil
        }
    }

    private func refusal(_ status: HTTPResponse.Status, _ reason: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: reason + "\n")))
    }
}
