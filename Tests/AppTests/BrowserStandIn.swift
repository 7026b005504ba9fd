import CTestBrowser
import Foundation

/// The desktop's browser, for the tests (`Tests/CTestBrowser`): made as the test bundle loads, the
/// default GIO opens http, https and mailto addresses with, it writes each address it is started
/// with to a file read here. No test can start a real browser.
enum BrowserStandIn {
    static var openedFile: URL { URL(fileURLWithPath: String(cString: tessera_test_browser_opened_path())) }

    /// What was opened so far, in order.
    static var opened: [String] {
        ((try? String(contentsOf: openedFile, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Forgets what was opened.
    static func clear() {
        try? FileManager.default.removeItem(at: openedFile)
    }
}
