@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import XCTest

/// Ctrl+P in the viewer, opened from the gallery in the main window: GTK's print dialog, printing to a
/// PDF file with no printer installed; the PDF read back with poppler's tools, and the choices kept.
final class ViewerPrintTests: AppTestCase {
    func testControlPPrintsTheWidePictureOnALandscapePageOfAPDFFile() throws {
        let pdf = dataDirectory.appendingPathComponent("printed.pdf")
        try onMain {
            let server = try startServer()
            defer { stop(server) }
            let url = server.base.appendingPathComponent("synthetic/5/1500x1000.jpg")
            // The last print went to a file: the dialog starts on "Print to File" with its name.
            let store = makeStore()
            var settings = store.load()
            settings.printSettings = ["printer": "Print to File", "output-uri": pdf.absoluteString, "output-file-format": "pdf"]
            store.save(settings)
            let (main, _, viewer) = try launchViewingGallery([url], backend: server.base, store: store)
            defer { main.window.destroy() }
            waitForServer("the picture", timeout: .seconds(20)) { viewer.image.viewport != nil }

            XCTAssertTrue(InputSimulation.key("p", modifiers: .control, on: main.window))
            waitForServer("the print dialog", timeout: .seconds(20)) { InputSimulation.toplevelTitled("Print") }
            XCTAssertTrue(InputSimulation.key("Return", onWindowTitled: "Print"))
            waitFor("the PDF written", timeout: .seconds(20)) {
                (try? Data(contentsOf: pdf)).map { String(decoding: $0.suffix(16), as: UTF8.self).contains("%%EOF") } ?? false
            }
            waitFor("the dialog gone") { !InputSimulation.toplevelTitled("Print") }
            XCTAssertFalse(viewer.notice.isShown, "no failure said: \(viewer.notice.text ?? "")")
            let kept = makeStore().load().printSettings
            XCTAssertEqual(kept["output-uri"], pdf.absoluteString, "the choices are kept for the next print: \(kept)")
        }

        // One landscape page, holding one image: the picture's 1500 x 1000 pixels, as wide as the
        // printable area (the page less GTK's default margins of a quarter inch or so).
        let info = try run("/usr/bin/pdfinfo", [pdf.path])
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last
        XCTAssertEqual(pages, "1", info)
        let size = try XCTUnwrap(info.split(separator: "\n").first { $0.hasPrefix("Page size:") }).split(separator: " ")
        let pageWidth = try XCTUnwrap(Double(size[2])), pageHeight = try XCTUnwrap(Double(size[4]))
        XCTAssertGreaterThan(pageWidth, pageHeight, "a landscape page for a wide picture: \(info)")
        let images = try run("/usr/bin/pdfimages", ["-list", pdf.path]).split(separator: "\n").dropFirst(2)
        XCTAssertEqual(images.count, 1, "\(images)")
        let columns = try XCTUnwrap(images.first).split(separator: " ")
        XCTAssertEqual(columns[3...4], ["1500", "1000"], "\(columns)")
        let pixelsPerInch = try XCTUnwrap(Double(columns[12]))
        let printedWidth = 1500 / pixelsPerInch * 72, printedHeight = 1000 / pixelsPerInch * 72
        XCTAssertLessThanOrEqual(printedWidth, pageWidth)
        XCTAssertLessThanOrEqual(printedHeight, pageHeight)
        XCTAssertGreaterThan(printedWidth / pageWidth, 0.85, "fitted to the page: \(printedWidth) of \(pageWidth) points")
    }

    /// `program`'s standard output.
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(program) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }
}
