@testable import App
import Foundation
import Gtk
import ImagePipeline
import Networking
import TestSupport
import XCTest

/// A clip that is not on this machine plays as it downloads, over a slow link: its first frame
/// shows before its last bytes came, the demuxer's look at an index at the end of the file is
/// served by a range of the end (HTTP Range), a seek asks for the range it needs, and closing the
/// viewer stops the download.
final class ClipStreamingTests: AppTestCase {
    /// The test clip's bytes, laid out as a clip ten times as long would be, and the server's
    /// data folder holding them as `name`: GStreamer's type finding reads the first 64 KB or so
    /// of any file, so `padding` (a free box) comes before the pictures, and `tail` after them;
    /// the index (the moov box) before the padding, or after the tail, last, as a camera writes it.
    private func clipData(_ name: String, indexAtTheEnd: Bool, padding: Int, tail: Int) throws -> (folder: URL, bytes: Data) {
        let original = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("media/meadow-pan-640x360.mp4"))
        let bytes = try XCTUnwrap(Self.laidOut(original, indexAtTheEnd: indexAtTheEnd, padding: padding, tail: tail))
        let file = dataDirectory.appendingPathComponent(name)
        try bytes.write(to: file)
        return (try serverData(media: [name: file]), bytes)
    }

    /// Runs `body` with a viewer of the clip `name`, served at `rate` bytes a second in ranges of
    /// `range` bytes, with no disk cache (nothing is here before).
    private func withStreamedClip(_ name: String, indexAtTheEnd: Bool = false, rate: Int, range: Int,
                                  _ body: @MainActor (ViewerPage, TestServer, Data) throws -> Void) throws {
        let (data, bytes) = try clipData(name, indexAtTheEnd: indexAtTheEnd, padding: 96 << 10, tail: 512 << 10)
        try onMain {
            let server = try startServer {
                $0.dataDirectory = data
                $0.clipBytesPerSecond = rate
            }
            defer { stop(server) }
            let pipeline = ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: [], clipPieceSize: range),
                                         decoders: [])
            let url = server.base.appendingPathComponent("images/\(name)")
            let viewer = ViewerPage(items: [ViewerItem(id: "0", url: url, kind: .clip, name: "Meadow")], index: 0,
                                    pipeline: pipeline, goBack: {})
            let window = Window()
            window.add(viewer.widget)
            window.setDefaultSize(width: 640, height: 480)
            window.showAll()
            defer { window.destroy() }
            try body(viewer, server, bytes)
        }
    }

    /// The ranges the server was asked for `name`, as their first bytes.
    private func rangeStarts(_ server: TestServer, _ name: String) -> [Int] {
        (server.loopback?.ranges ?? []).compactMap { line -> Int? in
            guard line.hasPrefix("/images/\(name) bytes=") else { return nil }
            return Int(line.split(separator: "=")[1].split(separator: "-")[0])
        }
    }

    func testTheFirstFrameShowsBeforeTheClipHasArrivedAndClosingStopsTheDownload() throws {
        // 660 KB at 128 KB a second, in ranges of 16 KB: five seconds for the whole clip; its
        // pictures are in its first 130 KB.
        try withStreamedClip("meadow.mp4", rate: 128 << 10, range: 16 << 10) { viewer, server, bytes in
            let pieces = (bytes.count + (16 << 10) - 1) / (16 << 10)
            let player = try XCTUnwrap(viewer.clip.player, "gtksink is installed by the set-up script")
            waitFor("the download") { viewer.clip.streamed != nil }
            let download = try XCTUnwrap(viewer.clip.streamed, "nothing here: the clip streams")
            waitForServer("the first frame", timeout: .seconds(20)) { player.showsPicture || player.failure != nil }
            XCTAssertNil(player.failure)
            let asked = rangeStarts(server, "meadow.mp4")
            XCTAssertEqual(asked.first, 0)
            XCTAssertLessThan(asked.count, pieces, "the first frame came before the last range was asked for: \(asked)")
            waitFor("the video in the poster's place") { !viewer.clip.videoPoster.picture.isVisible }

            viewer.clip.stop()
            waitForServer("the download's end", timeout: .seconds(5)) { download.isFinished }
            XCTAssertLessThan(rangeStarts(server, "meadow.mp4").count, pieces, "closing stopped the download before its end")
        }
    }

    func testAClipWithItsIndexAtTheEndIsReadFromTheEndBeforeThePicturesBetween() throws {
        try withStreamedClip("meadow-index-last.mp4", indexAtTheEnd: true, rate: 128 << 10, range: 16 << 10) { viewer, server, bytes in
            let player = try XCTUnwrap(viewer.clip.player)
            waitForServer("the first frame", timeout: .seconds(20)) { player.showsPicture || player.failure != nil }
            XCTAssertNil(player.failure)
            let asked = rangeStarts(server, "meadow-index-last.mp4")
            // The index is the file's last 1,372 bytes, after 512 KB of what the clip does not
            // need: the last range was asked for among the first, and the tail's were not.
            let pieces = (bytes.count + (16 << 10) - 1) / (16 << 10)
            let last = (pieces - 1) * (16 << 10)
            XCTAssertTrue(asked.prefix(4).contains(last), "\(asked)")
            XCTAssertLessThan(asked.count, pieces / 2, "\(asked)")
        }
    }

    func testASeekWhileTheClipDownloadsPlaysFromThere() throws {
        try withStreamedClip("meadow-seek.mp4", rate: 128 << 10, range: 16 << 10) { viewer, server, bytes in
            let player = try XCTUnwrap(viewer.clip.player)
            waitForServer("the first frame", timeout: .seconds(20)) { player.showsPicture || player.failure != nil }
            let duration = try XCTUnwrap(player.duration)
            player.seek(to: duration * 0.8)
            waitForServer("playback from there", timeout: .seconds(20)) { (player.position ?? .zero) >= duration * 0.8 || player.failure != nil }
            XCTAssertNil(player.failure)
            waitForServer("the end of the clip", timeout: .seconds(20)) { player.reachedEnd || player.failure != nil }
            XCTAssertNil(player.failure)
        }
    }

    /// The MP4 `data` laid out again: its index (the moov box) first or last, a free box of
    /// `padding` bytes before the pictures (the mdat box) and one of `tail` bytes after them; the chunk offsets in the index's stco boxes move with the pictures.
    static func laidOut(_ data: Data, indexAtTheEnd: Bool, padding: Int, tail: Int) -> Data? {
        let bytes = [UInt8](data)
        func number(_ from: [UInt8], _ at: Int) -> Int { from[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        func write(_ value: Int, into: inout [UInt8], at: Int) {
            for byte in 0..<4 { into[at + byte] = UInt8((value >> (24 - byte * 8)) & 0xFF) }
        }
        func free(_ size: Int) -> [UInt8] {
            var box = [UInt8](repeating: 0, count: size)
            write(size, into: &box, at: 0)
            box.replaceSubrange(4..<8, with: Array("free".utf8))
            return box
        }
        var boxes: [String: Range<Int>] = [:]
        var offset = 0
        while offset + 8 <= bytes.count, number(bytes, offset) >= 8 {
            boxes[String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)] = offset..<(offset + number(bytes, offset))
            offset += number(bytes, offset)
        }
        guard let ftyp = boxes["ftyp"], let moov = boxes["moov"], let mdat = boxes["mdat"] else { return nil }
        var index = Array(bytes[moov])
        let newMdat = ftyp.count + (indexAtTheEnd ? 0 : moov.count) + padding
        // Every stco entry, found by walking the containers down to the sample tables.
        func patch(_ range: Range<Int>) {
            var at = range.lowerBound
            while at + 8 <= range.upperBound, number(index, at) >= 8 {
                let size = number(index, at), type = String(decoding: index[(at + 4)..<(at + 8)], as: UTF8.self)
                if ["trak", "mdia", "minf", "stbl"].contains(type) { patch((at + 8)..<(at + size)) }
                if type == "stco" {
                    for entry in 0..<number(index, at + 12) {
                        let field = at + 16 + entry * 4
                        write(number(index, field) - mdat.lowerBound + newMdat, into: &index, at: field)
                    }
                }
                at += size
            }
        }
        patch(8..<index.count)
        let pictures = Array(bytes[mdat])
        let laid = Array(bytes[ftyp]) + (indexAtTheEnd ? [] : index) + free(padding) + pictures + free(tail) + (indexAtTheEnd ? index : [])
        return Data(laid)
    }
}
