import Gtk
import ImagePipeline

// What screenshots and benchmarks ask of pages, in one place, by conformance.

/// A page that loads content after it is shown; the screenshot mode waits for it to settle.
@MainActor
public protocol SettlingPage: Page {
    /// What shows will not change by itself: loaded or failed, no cross-fade running.
    var isSettled: Bool { get }
}

/// Tells when its content in view is drawn whole, for the content-drawn benchmark.
@MainActor
public protocol ContentShowingPage: Page {
    var showsContentInView: Bool { get }
}

/// A page scrolling from its first row: screenshots show the narrowest window from there.
@MainActor
public protocol TopScrollingPage: Page {
    func scrollToStart()
}

/// One extra state of a section for the screenshot mode: a pushed page, another window shape.
public struct ScreenshotScene {
    /// The file name without the variant: "facts-detail-portrait".
    public let name: String
    /// The window's size for this scene; nil keeps the screenshot size.
    public let windowSize: (width: Int, height: Int)?
    /// Brings the section into the state (called on the main actor, after the resize).
    public let enter: @MainActor () -> Void
    /// Undoes what `enter` changed that popping to the section's root does not (a selection).
    public let leave: @MainActor () -> Void

    public init(name: String, windowSize: (width: Int, height: Int)? = nil, enter: @escaping @MainActor () -> Void,
                leave: @escaping @MainActor () -> Void = {}) {
        self.name = name
        self.windowSize = windowSize
        self.enter = enter
        self.leave = leave
    }
}

/// A section root page that has screenshot scenes besides its own.
@MainActor
public protocol ScreenshotScenes: Page {
    var screenshotScenes: [ScreenshotScene] { get }
}

/// Plays a clip, streamed when not here, for the viewer benchmark.
@MainActor
public protocol ClipPlayingPage: Page {
    /// The clip's first frame is on screen.
    var clipShowsPicture: Bool { get }
    /// Why the clip cannot play, in words; nil while it plays or loads.
    var clipFailure: String? { get }
    /// The clip's download in ranges; nil when its bytes were here (or before it began).
    var clipDownload: RangedDownload? { get }
    /// Stops the clip and its download, as leaving the page does.
    func stopClip()
}
