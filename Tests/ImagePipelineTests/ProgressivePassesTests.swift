import CGdkPixbuf
import Foundation
import HelperWire
@testable import ImagePipeline
import Networking
import PictureDecoding
import TestSupport
import XCTest

/// A progressive JPEG's passes found in its bytes as they arrive: each pass's bytes, closed, are a
/// picture the decoder draws whole, blurred at first and nearer the whole picture with every pass;
/// a baseline JPEG or another format has none, and bytes inside a segment never count as a pass.
final class ProgressivePassesTests: XCTestCase {
    let decoder = PixbufImageDecoder(memory: DecodingMemory(budget: 64 << 20))

    private func media(_ name: String) throws -> Data {
        try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("media/\(name)"))
    }

    /// What `read` finds after each piece of `bytes`, `piece` bytes at a time: the whole passes,
    /// their bytes and whether they hold only the blocks' averages, each time they grow.
    private func passes(in bytes: Data, piece: Int) -> (found: [(count: Int, bytes: Data, averages: Bool)], reader: ProgressivePasses) {
        var reader = ProgressivePasses()
        var found: [(count: Int, bytes: Data, averages: Bool)] = []
        var end = 0
        while end < bytes.count {
            end = min(bytes.count, end + piece)
            bytes.prefix(end).withUnsafeBytes { body in
                reader.read(body)
                if reader.wholePasses > (found.last?.count ?? 0), let whole = reader.wholePassesBytes(of: body) {
                    found.append((reader.wholePasses, whole, reader.holdsOnlyAverages))
                }
            }
        }
        return (found, reader)
    }

    /// The mean difference of two pictures of one size, 0 to 255, over their colour channels.
    private func difference(_ one: DecodedImage, _ other: DecodedImage) -> Double {
        XCTAssertEqual(one.width, other.width)
        XCTAssertEqual(one.height, other.height)
        let strideA = Int(gdk_pixbuf_get_rowstride(one.pixbuf)), strideB = Int(gdk_pixbuf_get_rowstride(other.pixbuf))
        let channelsA = Int(gdk_pixbuf_get_n_channels(one.pixbuf)), channelsB = Int(gdk_pixbuf_get_n_channels(other.pixbuf))
        let a = gdk_pixbuf_read_pixels(one.pixbuf)!, b = gdk_pixbuf_read_pixels(other.pixbuf)!
        var total = 0
        for y in 0..<one.height {
            for x in 0..<one.width {
                for channel in 0..<3 {
                    total += abs(Int(a[y * strideA + x * channelsA + channel]) - Int(b[y * strideB + x * channelsB + channel]))
                }
            }
        }
        return Double(total) / Double(one.width * one.height * 3)
    }

    func testAProgressiveJPEGsPassesArePicturesThatComeNearerTheWholeWithEveryPass() throws {
        let bytes = try media("ladybird-2560x1600.jpg")
        let (found, reader) = passes(in: bytes, piece: 16 << 10)
        XCTAssertGreaterThanOrEqual(found.count, 4, "a progressive JPEG is sent in several scans")
        XCTAssertEqual(found.map(\.count), found.map(\.count).sorted())
        XCTAssertTrue(reader.givenUp, "its end read: nothing more to find")
        XCTAssertEqual(reader.pictureSize?.width, 2560)
        XCTAssertEqual(reader.pictureSize?.height, 1600)
        // Its first pass is each 8×8 block's average (the DC coefficients), the next add detail.
        XCTAssertEqual(found.map(\.averages), [true] + Array(repeating: false, count: found.count - 1))
        XCTAssertNil(reader.detailSize, "past its first pass, detail to the picture's size")
        // The first pass comes with a small part of the bytes: that is what shows it early.
        let first = try XCTUnwrap(found.first)
        XCTAssertLessThan(first.bytes.count, bytes.count / 4, "the first pass in \(first.bytes.count) of \(bytes.count) bytes")
        // Half its size: the first pass (its blocks' averages) shows blurred there.
        let whole = try decoder.decode(bytes, maximumPixelSize: 1280)
        var last = Double.infinity, firstApart: Double?
        for pass in found {
            XCTAssertTrue(pass.bytes.starts(with: bytes.prefix(pass.bytes.count - 2)), "the picture's own bytes")
            XCTAssertEqual(Array(pass.bytes.suffix(2)), [0xFF, 0xD9], "closed as a whole picture")
            let image = try decoder.decode(pass.bytes, maximumPixelSize: 1280)
            XCTAssertEqual(image.width, whole.width)
            XCTAssertEqual(image.height, whole.height)
            let apart = difference(image, whole)
            XCTAssertLessThanOrEqual(apart, last + 0.1, "pass \(pass.count) no further from the whole than the one before")
            XCTAssertLessThan(apart, 8, "pass \(pass.count) is the picture, blurred: \(apart) apart")
            firstApart = firstApart ?? apart
            last = apart
        }
        // Measured: 3.3 apart (of 255) at the first pass, 0.9 at the last.
        XCTAssertGreaterThan(try XCTUnwrap(firstApart), last + 1, "the passes sharpen")
        XCTAssertLessThan(last, 1.5, "the last passes are all but the whole picture")
    }

    func testThePassesFoundDoNotDependOnHowTheBytesArrive() throws {
        let bytes = try media("storm-1920x480.jpg")
        let byPieces = passes(in: bytes, piece: 4_096).found
        let byteByByte = passes(in: bytes, piece: 1).found
        let whole = passes(in: bytes, piece: bytes.count).found
        XCTAssertGreaterThanOrEqual(byteByByte.count, 4)
        // A byte at a time tells each pass as it comes; the same bytes for each count.
        XCTAssertEqual(byteByByte.map(\.count), Array(1...byteByByte.count))
        for pass in byPieces { XCTAssertEqual(pass.bytes, byteByByte[pass.count - 1].bytes) }
        XCTAssertEqual(whole.last?.count, byteByByte.last?.count)
        XCTAssertEqual(whole.last?.bytes, byteByByte.last?.bytes)
    }

    func testABaselineJPEGAndOtherFormatsHaveNoPasses() throws {
        for name in ["garden-1600x1200.jpg", "leaf-512x512.png", "ladybug-240x240.gif", "marigold-1200x900.webp"] {
            let (found, reader) = passes(in: try media(name), piece: 8_192)
            XCTAssertTrue(found.isEmpty, name)
            XCTAssertTrue(reader.givenUp, "\(name): given up, not read to its end")
            XCTAssertEqual(reader.readsTopRows, name.hasSuffix(".jpg"), "\(name): a baseline JPEG's rows come from the top")
        }
        let (found, _) = passes(in: Data([0xFF, 0xD8, 0xFF]), piece: 1)
        XCTAssertTrue(found.isEmpty, "three bytes of a JPEG")
    }

    /// An Exif segment holding the bytes of a scan's marker, as any segment may: stepped over by
    /// its length, so the passes are those of the picture without it.
    func testBytesInsideASegmentAreNotAPass() throws {
        let bytes = try media("storm-1920x480.jpg")
        let payload = Data("Exif\0\0".utf8) + Data([0xFF, 0xDA, 0x00, 0x08, 0xFF, 0xDA, 0xFF, 0xD9]) + Data(repeating: 0xFF, count: 40)
        let segment = Data([0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)]) + payload
        let tagged = bytes.prefix(2) + segment + bytes.dropFirst(2)
        let plain = passes(in: bytes, piece: 4_096).found.map(\.count)
        let withSegment = passes(in: tagged, piece: 4_096).found
        XCTAssertEqual(withSegment.map(\.count), plain)
        let last = try XCTUnwrap(withSegment.last)
        let image = try decoder.decode(last.bytes, maximumPixelSize: 256)
        XCTAssertEqual(image.width, 256)
    }

    /// A transfer's passes are told from 400 ms on only while the rest of its picture is still a
    /// while away at the rate it came: most of the way by then (a busy machine rather than a slow
    /// link), the picture itself comes before passes could be shown, and none are told.
    func testPassesAreToldOnlyWhileTheRestOfThePictureIsAWhileAway() throws {
        let bytes = try media("ladybird-2560x1600.jpg")
        let start = ContinuousClock.now, then = start + .milliseconds(500)
        // Half in 500 ms: the rest due in 500 ms more.
        let slowLink = PassesWatch(started: start)
        XCTAssertNotNil(bytes.prefix(bytes.count / 2).withUnsafeBytes { slowLink.read($0, expected: bytes.count, now: then) })
        // 95 % in 500 ms: the rest due in 26 ms.
        let busyMachine = PassesWatch(started: start)
        XCTAssertNil(bytes.prefix(bytes.count * 95 / 100).withUnsafeBytes { busyMachine.read($0, expected: bytes.count, now: then) })
        // Its length not said: the passes are told.
        let lengthUnknown = PassesWatch(started: start)
        XCTAssertNotNil(bytes.prefix(bytes.count * 95 / 100).withUnsafeBytes { lengthUnknown.read($0, expected: nil, now: then) })
        // Before 400 ms, none.
        let early = PassesWatch(started: start)
        XCTAssertNil(bytes.prefix(bytes.count / 2).withUnsafeBytes { early.read($0, expected: bytes.count, now: start + .milliseconds(300)) })
    }

    /// Saving data: at an eighth of a picture's size, its passes are the picture, pixel for pixel,
    /// before its last bytes (a download for a tile can stop there); the pass before them is not
    /// yet, and at a quarter none is before the end. Photographs of each chroma sampling: 4:2:0
    /// (its colour decoded at a quarter, from all of its coefficients), 4:4:4 and 4:2:2 (at an
    /// eighth, from its averages).
    func testAtAnEighthOfItsSizeAProgressiveJPEGsPassesAreThePictureBeforeItsEnd() throws {
        for (name, side, share) in [("ladybird-2560x1600.jpg", 2560, 0.55), ("elephants-1280x720.jpg", 1280, 0.6),
                                    ("storm-1920x480.jpg", 1920, 0.45)] {
            let bytes = try media(name)
            let found = passes(in: bytes, piece: 4_096).found
            let eighth = DecodingTarget(side: side / 8), quarter = DecodingTarget(side: side / 4)
            let wholeAt = { (target: DecodingTarget) in found.map { ProgressivePasses.areWhole($0.bytes, at: target) } }
            XCTAssertFalse(wholeAt(quarter).contains(true), "\(name) at a quarter")
            let first = try XCTUnwrap(wholeAt(eighth).firstIndex(of: true), name)
            XCTAssertTrue(wholeAt(eighth)[first...].allSatisfy { $0 }, name)
            XCTAssertLessThan(Double(found[first].bytes.count), share * Double(bytes.count), "\(name): \(found[first].bytes.count) of \(bytes.count) bytes")
            let whole = try decoder.decode(bytes, maximumPixelSize: eighth.side)
            XCTAssertEqual(difference(try decoder.decode(found[first].bytes, maximumPixelSize: eighth.side), whole), 0,
                           "\(name): the passes are the picture at an eighth")
            XCTAssertGreaterThan(difference(try decoder.decode(found[first - 1].bytes, maximumPixelSize: eighth.side), whole), 0,
                                 "\(name): the pass before them is not yet")
        }
    }

    /// Saving data, a pipeline asked for a large progressive JPEG at an eighth of its size
    /// downloads it only as far as its passes are that picture, decodes them to the same pixels
    /// as the whole, and keeps them on disk for the next launch; asked for it larger (the
    /// viewer), it downloads the rest, if the server's bytes are still those, else the whole.
    /// Not saving data, the whole comes for a tile too.
    func testSavingDataATileDownloadsAProgressiveJPEGOnlyAsFarAsItShows() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-passes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let media = data.appendingPathComponent("media"), folder = data.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        let bytes = try self.media("ladybird-2560x1600.jpg"), other = try self.media("elephants-1280x720.jpg")
        // Written a day ago: fresh for a while by its age (no Cache-Control), as the server's own.
        let photo = media.appendingPathComponent("photo.jpg")
        func write(_ picture: Data) throws {
            try picture.write(to: photo)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)], ofItemAtPath: photo.path)
        }
        try write(bytes)
        let server = try await TestServer.start { $0.dataDirectory = data }
        let url = server.url("images/photo.jpg")
        let ledger = DownloadLedger()
        func pipeline(saving: Bool) -> ImagePipeline {
            let made = ImagePipeline(client: CountingHTTPClient(CurlHTTPClient(), ledger: ledger),
                                     configuration: .init(diskFolder: folder), decoders: [InProcessImageDecoder()])
            made.savesData = saving
            return made
        }
        var downloaded: Int { ledger.byAccount.values.reduce(0, +) }
        // Where its passes are the picture at the tile's size (its size bucket, 256).
        let tileTarget = DecodingTarget(side: 256)
        let cut = try XCTUnwrap(passes(in: bytes, piece: 4_096).found.first { ProgressivePasses.areWhole($0.bytes, at: tileTarget) })
            .bytes.count - ProgressivePasses.end.count

        let tile = ImageRequest(url: url, maximumPixelSize: 256)
        let saving = pipeline(saving: true)
        let image = try await saving.image(for: tile)
        XCTAssertEqual(difference(image, try decoder.decode(bytes, maximumPixelSize: 256)), 0, "the picture at its size")
        XCTAssertLessThan(downloaded, bytes.count * 6 / 10, "downloaded \(downloaded) of \(bytes.count) bytes")
        XCTAssertGreaterThanOrEqual(downloaded, cut)
        await saving.finishDiskWrites()

        // The next launch shows it from the disk, asking nothing.
        let relaunched = pipeline(saving: true)
        var before = downloaded
        let requests = server.loopback?.requests
        _ = try await relaunched.image(for: tile)
        XCTAssertEqual(downloaded, before)
        XCTAssertEqual(server.loopback?.requests, requests)
        XCTAssertEqual(relaunched.statistics.diskHits, 1)

        // The viewer's size: the rest, after the passes kept.
        let viewer = try await relaunched.image(for: ImageRequest(url: url, maximumPixelSize: 1280))
        XCTAssertEqual(viewer.width, 1536, "its size bucket")
        XCTAssertEqual(downloaded - before, bytes.count - cut, "the rest of its bytes")
        XCTAssertEqual(difference(viewer, try decoder.decode(bytes, maximumPixelSize: 1536)), 0, "the whole picture")
        await relaunched.finishDiskWrites()

        // Changed on the server after its passes were kept: the whole new picture, not the rest
        // of the old.
        try FileManager.default.removeItem(at: folder)
        _ = try await pipeline(saving: true).image(for: tile)
        try write(other)
        before = downloaded
        let changed = try await pipeline(saving: true).image(for: ImageRequest(url: url, maximumPixelSize: 1280, sizing: .fit))
        XCTAssertEqual(downloaded - before, other.count, "the whole new picture")
        XCTAssertEqual(difference(changed, try decoder.decode(other, maximumPixelSize: 1536)), 0)

        // Not saving data: a tile's picture comes whole.
        try FileManager.default.removeItem(at: folder)
        try write(bytes)
        before = downloaded
        _ = try await pipeline(saving: false).image(for: tile)
        XCTAssertEqual(downloaded - before, bytes.count)

        // The picture's bytes (to save it to a file) are the whole, whatever was kept to show it.
        try FileManager.default.removeItem(at: folder)
        let showing = pipeline(saving: true)
        _ = try await showing.image(for: tile)
        let saved = try await showing.data(for: tile)
        XCTAssertEqual(saved, bytes)
        await server.stop()
    }

    /// A baseline JPEG's bytes so far decode to its rows come so far, at the top; the flat fill
    /// below them is left out (transparent), so that the view's background shows there rather
    /// than a grey band; with none of its rows come, there is nothing to show.
    func testABaselineJPEGsRowsSoFarShowAtTheTopWithNothingBelowThem() async throws {
        let bytes = try media("garden-1600x1200.jpg")
        let pipeline = ImagePipeline(client: CurlHTTPClient(), decoders: [InProcessImageDecoder()])
        let request = ImageRequest(url: URL(string: "http://127.0.0.1:9/garden.jpg")!, maximumPixelSize: 400)
        let download = pipeline.downloads.begin(request.normalizedURL)
        defer { pipeline.downloads.end(request.normalizedURL, number: download) }
        let whole = try decoder.decode(bytes, maximumPixelSize: 512) // the request's size bucket
        var reader = ProgressivePasses()
        bytes.withUnsafeBytes { reader.read($0) }
        XCTAssertTrue(reader.readsTopRows)
        func shown(_ count: Int, pass: Int) async -> DecodedImage? {
            pipeline.downloads.update(request.normalizedURL, number: download, received: count, expected: bytes.count,
                                      passes: DownloadProgress.Passes(bytes: bytes.prefix(count) + ProgressivePasses.end,
                                                                      count: pass, topRowsOnly: true))
            return await pipeline.passesSoFar(for: request)?.image
        }
        var lastRows = 0
        for (pass, share) in [0.3, 0.6].enumerated() {
            let decoded = await shown(Int(Double(bytes.count) * share), pass: pass + 1)
            let image = try XCTUnwrap(decoded)
            XCTAssertEqual(image.width, whole.width)
            XCTAssertEqual(image.height, whole.height)
            XCTAssertTrue(gdk_pixbuf_get_has_alpha(image.pixbuf) != 0)
            let stride = Int(gdk_pixbuf_get_rowstride(image.pixbuf)), pixels = gdk_pixbuf_read_pixels(image.pixbuf)!
            let wholeStride = Int(gdk_pixbuf_get_rowstride(whole.pixbuf)), wholePixels = gdk_pixbuf_read_pixels(whole.pixbuf)!
            let wholeChannels = Int(gdk_pixbuf_get_n_channels(whole.pixbuf))
            let opaque = { (y: Int) in (0..<image.width).allSatisfy { pixels[y * stride + $0 * 4 + 3] == 255 } }
            let clear = { (y: Int) in (0..<image.width).allSatisfy { pixels[y * stride + $0 * 4 + 3] == 0 } }
            let rows = (0..<image.height).prefix(while: opaque).count
            XCTAssertGreaterThan(rows, lastRows, "more rows with more bytes")
            XCTAssertLessThan(rows, image.height - 16)
            XCTAssertTrue(((rows + 16)..<image.height).allSatisfy(clear), "nothing below the rows come")
            // The rows come are the picture's.
            var apart = 0
            for y in 0..<rows {
                for x in 0..<image.width {
                    for channel in 0..<3 {
                        apart += abs(Int(pixels[y * stride + x * 4 + channel]) - Int(wholePixels[y * wholeStride + x * wholeChannels + channel]))
                    }
                }
            }
            XCTAssertLessThan(Double(apart) / Double(rows * image.width * 3), 1.0, "\(rows) rows")
            lastRows = rows
        }
        // Its scan's header and no more: nothing to show.
        let scan = try XCTUnwrap((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let nothing = await shown(scan + 2 + (Int(bytes[scan + 2]) << 8 | Int(bytes[scan + 3])), pass: 3)
        XCTAssertNil(nothing)
    }

    /// The first pass holds each block's average only: the pipeline decodes it at an eighth of
    /// the picture, where the tile scales it up blurred; at more than that, each block would show
    /// as a square. Later passes decode at the size asked, as the picture does.
    func testThePassesOfTheBlocksAveragesAreDecodedAtAnEighthOfThePicture() async throws {
        let bytes = try media("ladybird-2560x1600.jpg")
        let pipeline = ImagePipeline(client: CurlHTTPClient(), decoders: [InProcessImageDecoder()])
        let request = ImageRequest(url: URL(string: "http://127.0.0.1:9/ladybird.jpg")!, maximumPixelSize: 240, sizing: .fill)
        let download = pipeline.downloads.begin(request.normalizedURL)
        defer { pipeline.downloads.end(request.normalizedURL, number: download) }
        for (reading, expected) in [(60_000, (320, 200)), (bytes.count - 1, (410, 256))] {
            var reader = ProgressivePasses()
            let passes = try XCTUnwrap(bytes.prefix(reading).withUnsafeBytes { body in
                reader.read(body)
                return reader.wholePassesBytes(of: body)
            })
            pipeline.downloads.update(request.normalizedURL, number: download, received: reading, expected: bytes.count,
                                      passes: DownloadProgress.Passes(bytes: passes, count: reader.wholePasses, detailSize: reader.detailSize))
            let shown = await pipeline.passesSoFar(for: request)
            let image = try XCTUnwrap(shown?.image)
            XCTAssertEqual(image.width, expected.0, "\(reader.wholePasses) passes")
            XCTAssertEqual(image.height, expected.1, "\(reader.wholePasses) passes")
            XCTAssertEqual(shown?.passes, reader.wholePasses)
        }
        XCTAssertEqual(pipeline.statistics.decodes, 0, "passes are not the picture's decode")
        XCTAssertNil(pipeline.cachedImage(for: request), "nor kept as it")
    }
}
