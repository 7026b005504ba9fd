import CGtk
import Foundation

/// A turn or flip shown as a move: the new bitmap starts where the old one was and eases into place.
extension ZoomablePicture {
    /// Where the new bitmap starts from: turned back by `degrees` (clockwise positive), scaled by -1 on a flipped axis.
    public struct Reorientation: Equatable, Sendable {
        public var degrees: Double
        public var scaleX: Double
        public var scaleY: Double

        public init(degrees: Double = 0, scaleX: Double = 1, scaleY: Double = 1) {
            self.degrees = degrees
            self.scaleX = scaleX
            self.scaleY = scaleY
        }
    }

    /// As long as GNOME's short transitions.
    static let reorientationMicroseconds: Int64 = 250_000

    /// The pending turn or flip begins with the new bitmap, timed from its first frame.
    func startReorienting() {
        guard let from = pendingReorientation else { return }
        let before = zoomBeforeReorienting
        pendingReorientation = nil
        let ratio = before.flatMap { old in placement.map { old / $0.zoom } } ?? 1
        reorienting = (from, ratio.isFinite && ratio > 0 ? ratio : 1, nil)
        reorientationProgress = 0
        _ = addTickCallback { [weak self] time in
            guard let self, let moving = self.reorienting else { return false }
            let start = moving.start ?? time
            self.reorienting?.start = start
            let progress = min(1, Double(time - start) / Double(Self.reorientationMicroseconds))
            self.reorientationProgress = progress
            self.queueDraw()
            guard progress < 1 else {
                self.reorienting = nil
                self.reorientationProgress = nil
                return false
            }
            return true
        }
    }

    /// Turns and scales `cr` about the picture's centre for the move's present step (eased out); nothing otherwise.
    func applyReorientation(on cr: OpaquePointer, centre: (x: Double, y: Double)) {
        guard let moving = reorienting, let progress = reorientationProgress, progress < 1 else { return }
        let left = pow(1 - progress, 3)
        // Never a scale of 0: cairo's matrix would have no inverse.
        func scale(_ from: Double) -> Double {
            let value = 1 + (from - 1) * left
            return abs(value) < 0.02 ? (value < 0 ? -0.02 : 0.02) : value
        }
        cairo_translate(cr, centre.x, centre.y)
        cairo_rotate(cr, moving.from.degrees * left * .pi / 180)
        // From the old bitmap's size, where the new one's fit differs (a wide picture turned upright).
        let zoom = 1 + (moving.zoomRatio - 1) * left
        cairo_scale(cr, zoom * scale(moving.from.scaleX), zoom * scale(moving.from.scaleY))
        cairo_translate(cr, -centre.x, -centre.y)
    }
}
