/// The size a clip's poster is asked for at in the viewer.
enum ViewerSize {
    /// The viewer's logical box: a window filling a 2K screen.
    static let pixelSize = 2048
}
