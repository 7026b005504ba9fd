/// What the clipboard held: addresses, or a picture's bytes, or text.
public struct ClipboardContents: Sendable, Equatable {
    public var uris: [String] = []
    public var picture: [UInt8]?
    public var text: String?
}
