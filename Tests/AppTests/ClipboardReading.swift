import CGtk
import Foundation
import Gtk
import XCTest

extension AppTestCase {
    /// Reads the clipboard's image as another GTK program does; prints its size and one pixel.
    static let clipboardReader = """
    import gi
    gi.require_version('Gtk', '3.0')
    from gi.repository import Gtk, Gdk
    image = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).wait_for_image()
    if image is None:
        print('none')
    else:
        pixels = image.get_pixels()
        at = 45 * image.get_rowstride() + 123 * image.get_n_channels()
        print(image.get_width(), image.get_height(), '%02X%02X%02X' % (pixels[at], pixels[at + 1], pixels[at + 2]))
    """

    /// The clipboard's image as another X client reads it (this process, its owner, answering
    /// while the main loop turns): its width, height and pixel (123, 45) as RRGGBB, or ["none"].
    @MainActor
    func clipboardImageAsAnotherProgramReadsIt(timeout: Duration = .seconds(60)) throws -> [String] {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", Self.clipboardReader]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        waitFor("the other program's answer", timeout: timeout) { !probe.isRunning }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
    }

    /// Waits until the clipboard offers an image, as a paste target list says (a copy decodes first).
    @MainActor
    func waitUntilTheClipboardOffersAPicture(timeout: Duration) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        waitForServer("a picture on the clipboard", timeout: timeout) { gtk_clipboard_wait_is_image_available(clipboard) != 0 }
    }
}
