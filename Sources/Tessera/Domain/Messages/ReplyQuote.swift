import Foundation

/// The answered message and its text as it was, shown even when it is gone.
public struct ReplyQuote: Equatable, Sendable {
    /// The most of the answered message's text a quote keeps: a line or two.
    public static let textLength = 160

    public var origin: ChatMessage.Origin
    public var text: String

    public init(origin: ChatMessage.Origin, text: String) {
        self.origin = origin
        self.text = text.count > Self.textLength ? String(text.prefix(Self.textLength)) + "…" : text
    }

    /// A quote of `message`.
    public init(of message: ChatMessage) {
        self.init(origin: message.origin, text: message.preview)
    }
}

extension ChatMessage.Origin {
    /// The origin as one string ("server 12", "local 3"), for what is kept and for actions.
    public var key: String {
        switch self {
        case .server(let number): "server \(number)"
        case .local(let id): "local \(id)"
        }
    }

    /// The origin a `key` names; nil for anything else.
    public init?(key: String) {
        let parts = key.split(separator: " ")
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "server": guard let number = Int(parts[1]) else { return nil }; self = .server(number: number)
        case "local": guard let id = Int64(parts[1]) else { return nil }; self = .local(id: id)
        default: return nil
        }
    }
}
