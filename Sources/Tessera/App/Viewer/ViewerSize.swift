/// The size a clip's poster is asked for at in the viewer.
enum ViewerSize {
    /// The viewer's box in logical pixels (`ImageView` asks for it at device pixels): a window
    /// filling a 2K screen, or a 4K one at scale 2.
    static let pixelSize = 2048
}
