import CTestBrowser
import Foundation

/// The desktop's picture viewer, for the tests (`Tests/CTestBrowser`): the default program for PNG and JPEG
/// files, it copies the file it is started with to `received` and appends the file's path to `startedWith`.
enum PictureViewerStandIn {
    static var received: URL { URL(fileURLWithPath: String(cString: tessera_test_picture_viewer_received_path())) }
    static var startedWith: URL { received.appendingPathExtension("txt") }

    static func clear() {
        try? FileManager.default.removeItem(at: received)
        try? FileManager.default.removeItem(at: startedWith)
    }
}
