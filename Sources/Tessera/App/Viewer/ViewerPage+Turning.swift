import Foundation

/// Ctrl+R and Ctrl+Shift+R, and the menu: the picture turned a quarter clockwise or back, the zoom kept, and
/// shown so at every later visit (the address's turn is remembered; the file is not changed).
extension ViewerPage {
    func turnPicture(by quarterTurns: Int) {
        guard item.kind == .picture, image.viewport != nil else { return }
        image.turn(by: quarterTurns)
        viewerChoices.rememberTurns(image.turns, of: item.url)
    }
}
