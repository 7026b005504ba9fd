import CGtk

@MainActor
public final class Spinner: Widget {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_spinner_new()))
    }
    public var isSpinning: Bool {
        get { boolProperty("active") }
        set { newValue ? gtk_spinner_start(raw.cast()) : gtk_spinner_stop(raw.cast()) }
    }
}
