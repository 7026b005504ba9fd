/// What another program dropped: the addresses it offered (text/uri-list), a picture's bytes, or
/// its text; at a position in the drop area's coordinates.
public struct ExternalDrop: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var uris: [String]
    public var text: String?
    /// A picture's bytes, as the other program offered them.
    public var picture: [UInt8]?
}
