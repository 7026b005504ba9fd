import Domain
import Foundation
import Gtk

/// Moves tiles to new frames over 250 ms, easing out; with animations off they jump.
@MainActor
final class TileAnimator {
    static let duration: Int64 = 250_000 // microseconds

    private struct Motion {
        let widget: Widget
        let from: Frame
        let to: Frame
    }

    private let canvas: Fixed
    /// Only tiles in view animate; the rest jump, so big shifts cost a screenful a frame.
    private let visibleRange: @MainActor () -> (top: Double, height: Double)
    private var motions: [Motion] = []
    private var start: Int64?
    private var tick: UInt32?
    /// Where each widget was last put, so a new animation starts from where the tile is now.
    private var current: [ObjectIdentifier: Frame] = [:]

    init(canvas: Fixed, visibleRange: @escaping @MainActor () -> (top: Double, height: Double)) {
        self.canvas = canvas
        self.visibleRange = visibleRange
    }

    /// Places at once so the next move does not animate it; same-size tiles only move.
    func jump(_ widget: Widget, to frame: Frame) { place(widget, frame) }

    func move(_ targets: [(Widget, Frame)], animated: Bool) {
        let alive = Set(targets.map { ObjectIdentifier($0.0) })
        current = current.filter { alive.contains($0.key) }
        motions = targets.map { widget, frame in
            Motion(widget: widget, from: current[ObjectIdentifier(widget)] ?? frame, to: frame)
        }
        if let tick { canvas.removeTickCallback(tick); self.tick = nil }
        guard animated, motions.contains(where: { $0.from != $0.to }) else {
            motions.forEach { place($0.widget, $0.to) }
            return
        }
        let (top, height) = visibleRange()
        let bottom = top + height
        func inView(_ frame: Frame) -> Bool { frame.y < bottom && frame.y + frame.height > top }
        let (seen, unseen) = (motions.filter { inView($0.from) || inView($0.to) }, motions.filter { !(inView($0.from) || inView($0.to)) })
        unseen.forEach { place($0.widget, $0.to) }
        motions = seen
        start = nil
        tick = canvas.addTickCallback { [weak self] time in
            guard let self else { return false }
            let start = self.start ?? time
            self.start = start
            let t = min(1, Double(time - start) / Double(Self.duration))
            let eased = 1 - pow(1 - t, 3)
            for motion in self.motions {
                self.place(motion.widget, Self.interpolate(motion.from, motion.to, eased))
            }
            if t >= 1 { self.tick = nil }
            return t < 1
        }
    }

    /// Only what changed, in whole pixels: each call makes GTK relayout.
    private func place(_ widget: Widget, _ frame: Frame) {
        let key = ObjectIdentifier(widget)
        let previous = current[key].map(Self.pixels)
        let next = Self.pixels(frame)
        if previous?.x != next.x || previous?.y != next.y {
            canvas.move(widget, x: next.x, y: next.y)
        }
        if previous?.width != next.width || previous?.height != next.height {
            widget.setSizeRequest(width: next.width, height: next.height)
        }
        current[key] = frame
    }

    private static func pixels(_ frame: Frame) -> (x: Int, y: Int, width: Int, height: Int) {
        (Int(frame.x.rounded()), Int(frame.y.rounded()), Int(frame.width.rounded()), Int(frame.height.rounded()))
    }

    private static func interpolate(_ a: Frame, _ b: Frame, _ t: Double) -> Frame {
        .init(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
              width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
    }
}
