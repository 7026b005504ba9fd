import Domain
import Foundation
import Gtk

/// Ctrl+R and Ctrl+Shift+R, and the menu's turns and flips: the picture shown so at the zoom it had, and at
/// every later visit (the address's orientation is remembered; the file is not changed).
extension ViewerPage {
    public func turnPicture(by quarterTurns: Int) {
        reorientPicture(moving: ZoomablePicture.Reorientation(degrees: Double(-90 * quarterTurns))) { $0.turned(by: quarterTurns) }
    }

    func flipPicture(horizontally: Bool) {
        let moving = horizontally ? ZoomablePicture.Reorientation(scaleX: -1) : ZoomablePicture.Reorientation(scaleY: -1)
        reorientPicture(moving: moving) { horizontally ? $0.flippedHorizontally : $0.flippedVertically }
    }

    /// The new orientation, shown as a move from the old.
    private func reorientPicture(moving: ZoomablePicture.Reorientation, _ change: (PictureOrientation) -> PictureOrientation) {
        guard item.kind == .picture, image.viewport != nil else { return }
        image.reorient(to: change(image.orientation), moving: moving)
        viewerChoices.rememberOrientation(image.orientation, of: item.url)
    }
}
