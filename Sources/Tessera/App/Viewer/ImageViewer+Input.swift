import Domain
import Foundation
import Gtk

/// Pointer, wheel, pinch and keys as in Loupe: drag pans, Ctrl+scroll zooms, double-click toggles.
extension ImageViewer {
    /// How far a wheel's notch pans, in logical pixels.
    static let scrollPan = 48.0

    func connectInput() {
        picture.onButtonPress { [weak self] event in
            guard let self, event.button == 1 else { return false }
            self.picture.grabFocus()
            if event.isDoubleClick {
                self.drag = nil
                self.toggleFit(atViewX: event.x, y: event.y)
                return true
            }
            self.drag = (event.x, event.y, false)
            self.updateCursor()
            return true
        }
        picture.onDragMotion { [weak self] x, y in
            guard let self, let drag = self.drag else { return }
            let dx = x - drag.x, dy = y - drag.y
            // A click that wobbles a pixel is still a click.
            let moved = drag.moved || abs(dx) + abs(dy) > 3
            guard moved else { return }
            self.drag = (x, y, true)
            if self.viewport?.canPan == true { self.change { $0.pan(byX: dx, y: dy) } }
        }
        picture.onButtonRelease { [weak self] event in
            guard let self, event.button == 1, let drag = self.drag else { return false }
            self.drag = nil
            self.updateCursor()
            if !drag.moved, !self.isOnPicture(x: event.x, y: event.y) { self.onBackdropClick?() }
            return true
        }
        picture.onScroll { [weak self] event in
            guard let self, self.viewport != nil else { return false }
            if event.modifiers.contains(.control) {
                let factor = pow(ImageViewport.scrollZoomStep, -event.deltaY)
                self.change { $0.setZoom($0.zoom * factor, aroundViewX: event.x, y: event.y) }
                return true
            }
            guard self.viewport?.canPan == true else { return false }
            self.change { $0.pan(byX: -event.deltaX * Self.scrollPan, y: -event.deltaY * Self.scrollPan) }
            return true
        }
        let pinch = ZoomGesture(on: picture)
        pinch.onBegin { [weak self] in self?.pinchStartZoom = self?.viewport?.zoom }
        pinch.onScaleChanged { [weak self, weak pinch] scale in
            guard let self, let start = self.pinchStartZoom else { return }
            let centre = pinch?.center
            self.change { $0.setZoom(start * scale, aroundViewX: centre?.x, y: centre?.y) }
        }
        self.pinch = pinch
    }

    /// The viewer's keys; false for a key it leaves to the page (Left and Right when fitted).
    func handleKey(_ event: KeyEvent) -> Bool {
        guard viewport != nil else { return false }
        let others = event.modifiers.subtracting(.control)
        guard others.isEmpty || others == .shift else { return false }
        switch event.keyName {
        case "plus", "equal", "KP_Add": zoomIn()
        case "minus", "underscore", "KP_Subtract": zoomOut()
        case "0", "KP_0": fit()
        case "1", "KP_1": zoom(to: 1)
        case "2", "KP_2": zoom(to: 2)
        case "Left", "KP_Left", "Right", "KP_Right", "Up", "KP_Up", "Down", "KP_Down":
            guard viewport?.canPan == true, !event.modifiers.contains(.control) else { return false }
            let step = ImageViewport.arrowPan
            let (dx, dy): (Double, Double) = switch event.keyName {
            case "Left", "KP_Left": (step, 0)
            case "Right", "KP_Right": (-step, 0)
            case "Up", "KP_Up": (0, step)
            default: (0, -step)
            }
            change { $0.pan(byX: dx, y: dy) }
        default:
            return false
        }
        return true
    }

    /// A grab hand over a picture that can be dragged, a closed one while it is.
    func updateCursor() {
        let name: String? = drag != nil && viewport?.canPan == true ? "grabbing" : viewport?.canPan == true ? "grab" : nil
        picture.setCursor(named: name)
    }

    /// Whether (x, y) in the view falls on the picture.
    func isOnPicture(x: Double, y: Double) -> Bool {
        guard let viewport else { return false }
        let point = viewport.picturePoint(atViewX: x, y: y)
        return point.x >= 0 && point.y >= 0 && point.x < viewport.imageWidth && point.y < viewport.imageHeight
    }
}
