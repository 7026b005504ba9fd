import Foundation
import ImagePipeline
import Persistence

/// What the command line decided.
public struct LaunchOptions: Sendable {
    public var paths: AppPaths
    /// Whether a second launch hands over to the running instance. Off for `--data-dir`
    /// profiles, so that side-by-side profiles (and tests) run as separate processes.
    public var unique: Bool
    /// Render every section in light and dark to this folder, then exit.
    public var screenshotDirectory: URL?
    /// Print the monotonic time of the first drawn frame to stdout, then exit (benchmarks).
    public var reportFirstFrame: Bool
    /// The backend the sections talk to.
    public var backend: BackendSource?
    /// The one image pipeline every section's images go through.
    public var images: ImagePipeline?
    /// Greet the user after the first launch stored the people. Off for screenshots and for tests
    /// of other sections, where a modal dialog would sit over what they check.
    public var greetsNewUsers = true
    /// A test hook: every rename of a person waits this long inside its database write.
    public var renameDelay: Duration = .zero

    /// Screenshots and benchmarks: fixed window, no saved settings, no uniqueness.
    var isAutomated: Bool { screenshotDirectory != nil || reportFirstFrame }

    public init(paths: AppPaths, unique: Bool, screenshotDirectory: URL? = nil, reportFirstFrame: Bool = false,
                backend: BackendSource? = nil, images: ImagePipeline? = nil) {
        self.backend = backend
        self.images = images
        self.paths = paths
        self.unique = unique
        self.screenshotDirectory = screenshotDirectory
        self.reportFirstFrame = reportFirstFrame
    }
}
