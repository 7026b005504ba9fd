import Domain
import Foundation

/// Ctrl+R and Ctrl+Shift+R, and the menu's turns and flips: the picture shown so at the zoom it had, and at
/// every later visit (the address's orientation is remembered; the file is not changed).
extension ViewerPage {
    func turnPicture(by quarterTurns: Int) {
        reorientPicture { $0.turned(by: quarterTurns) }
    }

    func flipPicture(horizontally: Bool) {
        reorientPicture { horizontally ? $0.flippedHorizontally : $0.flippedVertically }
    }

    private func reorientPicture(_ change: (PictureOrientation) -> PictureOrientation) {
        guard item.kind == .picture, image.viewport != nil else { return }
        image.reorient(to: change(image.orientation))
        viewerChoices.rememberOrientation(image.orientation, of: item.url)
    }
}
