// Runs in the app (tessera); the tools reuse its types.

import Foundation
import Localization

/// Each contract service's base URL, one for all with per-service overrides; paths as contracts name them.
public struct Backend: Sendable, Equatable {
    public enum Service: String, CaseIterable, Sendable {
        case feed, messages, facts, avatars, images
    }

    public var base: URL
    public var overrides: [Service: URL]

    public init(base: URL, overrides: [Service: URL] = [:]) {
        self.base = base
        self.overrides = overrides
    }

    /// The built-in server's port. Fixed, so links the app stores (gallery items) keep working across launches.
    public static let builtInPort = 47_650
    /// Where the built-in server listens.
    public static let builtIn = Backend(base: URL(string: "http://127.0.0.1:\(builtInPort)/")!)

    /// The base URL for `service`, always ending in "/".
    public func baseURL(for service: Service) -> URL {
        let url = overrides[service] ?? base
        return url.absoluteString.hasSuffix("/") ? url : URL(string: url.absoluteString + "/")!
    }

    /// `select.php` and `delete.php` live under `user_details/`.
    public var feedSelect: URL { URL(string: "user_details/select.php", relativeTo: baseURL(for: .feed))!.absoluteURL }
    public var feedDelete: URL { URL(string: "user_details/delete.php", relativeTo: baseURL(for: .feed))!.absoluteURL }
    public func messages(offset: Int) -> URL {
        URL(string: "getMessages?offset=\(offset)", relativeTo: baseURL(for: .messages))!.absoluteURL
    }
    public var facts: URL { URL(string: "facts.json", relativeTo: baseURL(for: .facts))!.absoluteURL }
    /// Avatars 1...20, two digits.
    public func avatar(_ number: Int) -> URL {
        URL(string: String(format: "pre-login-avatars/avatars_cartoon_animals_%02d.png", number),
            relativeTo: baseURL(for: .avatars))!.absoluteURL
    }

    /// Parses `--service NAME=URL`, checked as `--backend`.
    public static func parseService(_ text: String) -> Result<(Service, URL), BackendError> {
        guard let equals = text.firstIndex(of: "=") else { return .failure(.notAServiceAddress(text)) }
        return parseService(name: String(text[..<equals]), address: String(text[text.index(after: equals)...]))
    }

    /// A service's name and address, as `settings.json`'s `services` holds them.
    public static func parseService(name: String, address: String) -> Result<(Service, URL), BackendError> {
        let trimmedName = name.trimmingCharacters(in: .whitespaces)
        guard let service = Service(rawValue: trimmedName.lowercased()) else { return .failure(.notAService(trimmedName)) }
        return parse(address).map { (service, $0) }
    }

    /// Saved addresses checked, under `--service`; unusable ones left out and said.
    public static func overrides(saved: [String: String], given: [Service: URL]) -> (overrides: [Service: URL], problems: [String]) {
        var overrides: [Service: URL] = [:]
        var problems: [String] = []
        for (name, address) in saved.sorted(by: { $0.key < $1.key }) {
            switch parseService(name: name, address: address) {
            case .success(let (service, url)): overrides[service] = url
            case .failure(let error): problems.append(error.description)
            }
        }
        overrides.merge(given) { _, commandLine in commandLine }
        return (overrides, problems)
    }

    /// Parses a user-given backend URL: http or https with a host, nothing else.
    public static func parse(_ text: String) -> Result<URL, BackendError> {
        let trimmed = text.trimmedOfWhiteSpace()
        return WebURL.parse(trimmed).mapError { problem in
            switch problem {
            case .notAURL: .notAURL(trimmed)
            case .notHTTP: .notHTTP(trimmed)
            }
        }
    }
}

public enum BackendError: Error, Equatable, CustomStringConvertible, Sendable {
    case notAURL(String)
    case notHTTP(String)
    /// A name that is not one of the contracts' services.
    case notAService(String)
    /// Not `NAME=URL`.
    case notAServiceAddress(String)

    public var description: String {
        switch self {
        case .notAURL(let text): tr("“{text}” is not a web address.", ["text": text])
        case .notHTTP(let text): tr("“{text}” is not an http or https address.", ["text": text])
        case .notAService(let name):
            tr("“{name}” is not a service; the services are {services}.",
               ["name": name, "services": Backend.Service.allCases.map(\.rawValue).joined(separator: ", ")])
        case .notAServiceAddress(let text):
            tr("“{text}” is not a service and its address, such as facts=https://example.org/.", ["text": text])
        }
    }
}
