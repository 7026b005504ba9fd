import Foundation

/// A picture sent in a message: its copy kept on this computer and its size, known before it is shown.
public struct ChatPicture: Equatable, Sendable {
    /// The `file:` address of the copy in the chat's pictures folder.
    public var url: URL
    public var width: Int
    public var height: Int

    public init(url: URL, width: Int, height: Int) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// The size it shows at in a bubble: its own, made to fit `bound` points each way, never enlarged.
    public func shownSize(within bound: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (bound, bound) }
        let scale = min(1, Double(bound) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
