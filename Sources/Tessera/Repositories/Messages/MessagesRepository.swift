import Domain
import Foundation
import Networking
import Localization

/// Why a page of messages could not be had; every kind the contract lists ends here.
public enum MessagesError: Error, Equatable, Sendable, CustomStringConvertible {
    case network(HTTPError)
    /// 200, but the body is empty.
    case emptyBody
    /// 200, but not JSON.
    case notJSON
    /// 200 with `{"error": …}` and no result.
    case server(String)
    /// JSON without a `result` list of strings.
    case unexpectedShape

    /// Unreachable rather than wrong: view-models go offline and retry themselves.
    public var meansUnreachable: Bool {
        if case .network(let failure) = self { failure.meansUnreachable } else { false }
    }

    public var description: String {
        switch self {
        case .network(let error): error.description
        case .emptyBody: tr("The server sent an empty answer.")
        case .notJSON: tr("The server's answer was not readable.")
        case .server(let message): tr("The server reported an error: {message}", ["message": message])
        case .unexpectedShape: tr("The server's answer had no messages.")
        }
    }
}

/// The messages endpoint (shared/contracts.md section 3).
public protocol MessagesRepository: Sendable {
    /// The page at `offset`: texts newest first; empty when there are no more.
    func page(at offset: Int) async throws(MessagesError) -> [String]
    /// The newest page, or `.unchanged` when the server says it is still the one `version` came with.
    func newestPage(since version: PageVersion?) async throws(MessagesError) -> NewestPage
}

extension MessagesRepository {
    /// Without validators: the whole page each time.
    public func newestPage(since version: PageVersion?) async throws(MessagesError) -> NewestPage {
        .page(try await page(at: 0), version: PageVersion(validators: HTTPValidators()))
    }
}

/// A page's `ETag` and `Last-Modified`, kept to ask the server whether the page changed.
public struct PageVersion: Sendable, Equatable {
    let validators: HTTPValidators
}

/// What the server answered for its newest page.
public enum NewestPage: Sendable, Equatable {
    case unchanged
    case page([String], version: PageVersion)
}

public struct LiveMessagesRepository: MessagesRepository {
    private let client: any HTTPClient
    private let backend: @Sendable () async -> Backend
    private let timeout: Duration

    /// A page's most bytes: messages may be of any length; bigger pages are refused like broken ones.
    public static let maximumPageSize = 8 << 20

    public init(client: any HTTPClient, timeout: Duration = .seconds(10), backend: @escaping @Sendable () async -> Backend) {
        self.client = client
        self.timeout = timeout
        self.backend = backend
    }

    public func page(at offset: Int) async throws(MessagesError) -> [String] {
        let url = await backend().messages(offset: offset)
        let body: Data
        do {
            body = try await client.send(HTTPRequest(url: url, timeout: timeout, maximumBodySize: Self.maximumPageSize)).validated().body
        } catch {
            throw .network(error)
        }
        return try Self.decode(body)
    }

    /// Sends `If-None-Match` and `If-Modified-Since` from `version`: a 304 is `.unchanged`.
    public func newestPage(since version: PageVersion?) async throws(MessagesError) -> NewestPage {
        let url = await backend().messages(offset: 0)
        let asked = version?.validators ?? HTTPValidators()
        let response: HTTPResponse
        do {
            let answer = try await client.send(HTTPRequest(url: url, headers: asked.conditionalHeaders, timeout: timeout,
                                                           maximumBodySize: Self.maximumPageSize))
            if answer.status == 304, !asked.isEmpty { return .unchanged }
            response = try answer.validated()
        } catch {
            throw .network(error)
        }
        return .page(try Self.decode(response.body), version: PageVersion(validators: HTTPValidators(headers: response.headers)))
    }

    /// Decodes a page body. Internal to the module and its tests.
    static func decode(_ body: Data) throws(MessagesError) -> [String] {
        guard !body.isEmpty else { throw .emptyBody }
        guard let object = try? JSONSerialization.jsonObject(with: body) else { throw .notJSON }
        guard let root = object as? [String: Any] else { throw .unexpectedShape }
        if let texts = root["result"] as? [String] { return texts }
        if let error = root["error"] { throw .server("\(error)") }
        throw .unexpectedShape
    }
}
