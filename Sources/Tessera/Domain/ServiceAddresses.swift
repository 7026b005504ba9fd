import Foundation
import Localization

/// Preferences' addresses (empty: built-in) and the built-in switch; Apply needs all usable.
public struct ServiceAddresses: Equatable, Sendable {
    public var builtInForEverything: Bool
    /// The address of each service as typed (absent or blank: the backend's).
    public var texts: [Backend.Service: String]

    public init(builtInForEverything: Bool = false, texts: [Backend.Service: String] = [:]) {
        self.builtInForEverything = builtInForEverything
        self.texts = texts
    }

    /// From `settings.json`; unknown service names are dropped.
    public init(settings: AppSettings) {
        var texts: [Backend.Service: String] = [:]
        for (name, address) in settings.services {
            if let service = Backend.Service(rawValue: name.lowercased()) { texts[service] = address }
        }
        self.init(builtInForEverything: settings.builtInForEverything, texts: texts)
    }

    /// The address typed for `service`, trimmed; empty for the backend's.
    public func text(for service: Backend.Service) -> String {
        (texts[service] ?? "").trimmedOfWhiteSpace()
    }

    /// Why the address typed for `service` cannot be used, in words; nil when it can (or is empty).
    public func problem(for service: Backend.Service) -> String? {
        let text = text(for: service)
        guard !text.isEmpty else { return nil }
        if case .failure(let error) = Backend.parse(text) { return error.description }
        return nil
    }

    /// Every typed address is usable; with the switch on they do not matter.
    public var canApply: Bool {
        builtInForEverything || Backend.Service.allCases.allSatisfy { problem(for: $0) == nil }
    }

    /// Usable typed addresses; none with the switch on.
    public var overrides: [Backend.Service: URL] {
        guard !builtInForEverything else { return [:] }
        var overrides: [Backend.Service: URL] = [:]
        for service in Backend.Service.allCases where !text(for: service).isEmpty {
            if case .success(let url) = Backend.parse(text(for: service)) { overrides[service] = url }
        }
        return overrides
    }

    /// Saved, keeping typed addresses under the switch so turning it off restores them.
    public func saved(in settings: AppSettings) -> AppSettings {
        var copy = settings
        copy.builtInForEverything = builtInForEverything
        copy.services = [:]
        for service in Backend.Service.allCases where !text(for: service).isEmpty {
            copy.services[service.rawValue] = text(for: service)
        }
        return copy
    }
}

extension Backend.Service {
    /// The service's name in the Preferences window.
    public var title: String {
        switch self {
        case .feed: tr("Feed")
        case .messages: tr("Messages")
        case .facts: tr("Facts")
        case .avatars: tr("Avatars")
        case .images: tr("Gallery pictures")
        }
    }

    /// What the service serves, under its name.
    public var summary: String {
        switch self {
        case .feed: tr("The feed’s pages of images and videos, and their deletion.")
        case .messages: tr("The chat’s messages from the server.")
        case .facts: tr("The facts feed and its pictures.")
        case .avatars: tr("The people’s avatars not stored yet; the stored ones stay.")
        case .images: tr("Where the gallery’s first pictures link to, at its first launch.")
        }
    }

    /// The accessible name of its address entry: "Facts address".
    public var addressName: String { tr("{service} address", ["service": title]) }

    /// The section to reload; nil for gallery pictures, whose links are written once.
    public var section: Section? {
        switch self {
        case .feed: .feed
        case .messages: .messages
        case .facts: .facts
        case .avatars: .people
        case .images: nil
        }
    }
}
