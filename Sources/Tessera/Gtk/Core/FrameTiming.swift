import CGtk
import Foundation

/// Each frame's layout and paint times, for benchmarks.
@MainActor
public final class FrameTiming: Object {
    public private(set) var layouts: [Double] = []
    public private(set) var paints: [Double] = []
    /// Keeps every frame's phases; off for hours-long watches using `onFrame` only.
    public var keepsEvery = true
    /// Called after each painted frame with its layout and paint times, in milliseconds.
    public var onFrame: (@MainActor (_ layout: Double, _ paint: Double) -> Void)?
    private var layoutStart: UInt64 = 0
    private var paintStart: UInt64 = 0
    /// This frame's layout time, for `onFrame`.
    private var layout = 0.0

    /// Nil until the widget is realized (it has no frame clock before).
    public init?(widget: Widget) {
        guard let clock = gtk_widget_get_frame_clock(widget.widget) else { return nil }
        super.init(taking: UnsafeMutableRawPointer(clock))
        connect("layout", shape: .plain) { [weak self] _ in self?.layoutStart = DispatchTime.now().uptimeNanoseconds; return false }
        connect("paint", shape: .plain) { [weak self] _ in
            guard let self else { return false }
            self.paintStart = DispatchTime.now().uptimeNanoseconds
            self.layout = self.layoutStart > 0 ? Double(self.paintStart - self.layoutStart) / 1e6 : 0
            if self.layoutStart > 0, self.keepsEvery { self.layouts.append(self.layout) }
            self.layoutStart = 0
            return false
        }
        connect("after-paint", shape: .plain) { [weak self] _ in
            guard let self else { return false }
            // Every frame ends here: one that only ticked or laid out lends no start to the next.
            defer { self.layoutStart = 0; self.paintStart = 0 }
            guard self.paintStart > 0 else { return false }
            let paint = Double(DispatchTime.now().uptimeNanoseconds - self.paintStart) / 1e6
            if self.keepsEvery { self.paints.append(paint) }
            self.onFrame?(self.layout, paint)
            return false
        }
    }
}
