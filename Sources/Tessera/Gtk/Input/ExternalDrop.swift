/// Another program's drop: addresses, picture bytes or text, at a position.
public struct ExternalDrop: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var uris: [String]
    public var text: String?
    /// A picture's bytes, as the other program offered them.
    public var picture: [UInt8]?
}
