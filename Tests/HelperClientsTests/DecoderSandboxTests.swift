import CGdkPixbuf
import Foundation
import HelperWire
import ImagePipeline
import Networking
import HelperClients
import TestSupport
import XCTest

/// Every picture is decoded by a confined `tessera-decoder` helper: confined before it reads a
/// byte, refused files, sockets and processes, and replaced when it stops. Nothing in this test
/// process decodes a picture itself, so its own memory map shows what the app's would.
final class DecoderSandboxTests: XCTestCase {
    private func picture(_ name: String) throws -> Data {
        try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent(name))
    }

    private func launch(_ limits: DecoderLimits = .default) throws -> DecoderProcess {
        try DecoderProcess.launch(limits: limits).get()
    }

    private func status(of pid: Int32) throws -> [String: String] {
        let text = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        return Dictionary(text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)) : nil
        }, uniquingKeysWith: { first, _ in first })
    }

    func testTheHelperIsConfinedBeforeItReadsAPicture() throws {
        let helper = try launch()
        defer { helper.close() }
        let status = try status(of: helper.processIdentifier)
        XCTAssertEqual(status["NoNewPrivs"], "1")
        XCTAssertEqual(status["Seccomp"], "2", "a system-call filter is in force")
        let stat = try String(contentsOfFile: "/proc/\(helper.processIdentifier)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
        XCTAssertEqual(fields[16], "10", "decodes run below the UI's priority (nice 10), whichever thread started the helper")
        if helper.confinement == .namespaces {
            // Its whole file system is an empty folder, and its network is not the app's.
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(helper.processIdentifier)/root"), [])
            XCTAssertNotEqual(try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(helper.processIdentifier)/ns/net"),
                              try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net"))
        } else {
            print("namespaces not available here: \(helper.confinement)")
        }
    }

    func testTheHelperCannotOpenFilesConnectOrStartPrograms() throws {
        let helper = try launch()
        defer { helper.close() }
        for probe in DecoderWire.Probe.allCases {
            let answer = try XCTUnwrap(helper.attempt(probe), "\(probe) answered")
            XCTAssertTrue(answer.refused, "\(probe) refused, not \(answer.detail)")
            print("\(probe): refused (\(answer.detail)), confined by \(helper.confinement)")
        }
        // It still decodes after being refused.
        guard case .decoded(let image) = helper.decode(try picture("quarters.png"), target: DecodingTarget(side: 256)) else {
            return XCTFail("quarters.png decoded after the probes")
        }
        XCTAssertEqual([image.width, image.height], [60, 40])
    }

    /// A picture decoded smaller than it is says its own size, upright, across the pipe: what a
    /// viewer calls 100 %. A drawing's is the size it was drawn at.
    func testAScaledDecodeSaysThePicturesOwnSize() throws {
        let decoder = SandboxedImageDecoder(processes: DecoderProcesses())
        for (name, decoded, original) in [("quarters.jpg", [30, 20], [60, 40]), ("orientation-6.jpg", [20, 30], [40, 60]),
                                          ("quarters.png", [30, 20], [60, 40]), ("quarters.webp", [60, 40], [60, 40]), ("quarters.svg", [30, 20], [30, 20])] {
            let image = try decoder.decode(.data(try picture(name)), to: DecodingTarget(side: name.hasSuffix(".webp") ? 60 : 30))
            XCTAssertEqual([image.width, image.height], decoded, name)
            XCTAssertEqual([image.originalWidth, image.originalHeight], original, name)
        }
        let animation = try decoder.decode(.data(try picture("animated.gif")), to: DecodingTarget(side: 8, animates: true))
        XCTAssertGreaterThan(animation.frames.count, 1)
        XCTAssertGreaterThan(animation.originalWidth, animation.width, "an animation scaled down says its own size")
    }

    /// The colour profile a picture carried comes back by name across the pipe (the viewer's
    /// Properties say it); a picture without one says none.
    func testThePicturesColourProfileIsNamed() throws {
        let decoder = SandboxedImageDecoder(processes: DecoderProcesses())
        let tagged = try decoder.decode(.data(try picture("prophoto.jpg")), to: DecodingTarget(side: 60))
        let name = try XCTUnwrap(tagged.colourProfile, "the ProPhoto profile's name")
        XCTAssertFalse(name.isEmpty)
        XCTAssertFalse(name.contains("\n"))
        print("prophoto.jpg's profile: \(name)")
        let plain = try decoder.decode(.data(try picture("quarters.png")), to: DecodingTarget(side: 60))
        XCTAssertNil(plain.colourProfile)
    }

    /// The helper reads every format the in-process decoder does (PictureFormatsTests checks
    /// their colours there): the same sizes, the same top-left red and bottom-right white.
    func testEveryFormatComesBackFromTheHelper() throws {
        // What this process had loaded before (the test process also runs the in-process decoder's
        // tests, whose pictures may still hold a loader).
        let loadedBefore = try Self.decoderLibraries()
        let decoder = SandboxedImageDecoder(processes: DecoderProcesses())
        for name in ["quarters.png", "quarters.jpg", "quarters.webp", "quarters-lossless.webp", "quarters.avif",
                     "quarters.heic", "quarters.tiff", "quarters.bmp", "quarters.ico", "quarters-png.ico", "quarters.svg", "orientation-6.jpg",
                     "prophoto.webp"] {
            let image = try decoder.decode(.data(try picture(name)), to: DecodingTarget(side: 240))
            let pixels = gdk_pixbuf_read_pixels(image.pixbuf)!
            let stride = Int(gdk_pixbuf_get_rowstride(image.pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(image.pixbuf))
            let topLeft = Int(image.height / 4) * stride + Int(image.width / 4) * channels
            let bottomRight = Int(image.height * 3 / 4) * stride + Int(image.width * 3 / 4) * channels
            if name.hasPrefix("quarters") {
                XCTAssertEqual(image.width * 2, image.height * 3, "\(name) keeps its shape")
                XCTAssertGreaterThan(Int(pixels[topLeft]) - Int(pixels[topLeft + 1]), 100, "\(name): red at the top left")
                XCTAssertGreaterThan(Int(pixels[bottomRight + 2]), 200, "\(name): white at the bottom right")
            } else {
                XCTAssertGreaterThan(image.width * image.height, 0, name)
            }
        }
        let animation = try decoder.decode(.data(try picture("animated.webp")), to: DecodingTarget(side: 64, animates: true))
        XCTAssertGreaterThan(animation.frames.count, 1, "an animation's frames come back")
        XCTAssertTrue(animation.frames.allSatisfy { $0.delay > .zero })
        // And after WebP, AVIF, HEIF and TIFF pictures, this process has loaded none of their decoders.
        let loadedNow = try Self.decoderLibraries()
        XCTAssertEqual(loadedNow.subtracting(loadedBefore), [], "decoders loaded here by pictures the helper decoded")
    }

    /// The files of the decoders of untrusted pictures mapped in this process.
    private static func decoderLibraries() throws -> Set<Substring> {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        let libraries = ["libpixbufloader-webp", "libpixbufloader-avif", "libpixbufloader-heif", "libpixbufloader-tiff",
                         "libwebp", "libheif", "libtiff", "liblcms2"]
        return Set(maps.split(separator: "\n").compactMap { line in
            let file = line.split(separator: " ").last ?? ""
            return libraries.contains { file.contains($0) } ? file : nil
        })
    }

    func testBombsAndBrokenPicturesAreRefusedInWords() throws {
        let decoder = SandboxedImageDecoder(processes: DecoderProcesses())
        for name in ["webp-bomb.webp", "avif-bomb.avif", "heic-bomb.heic", "tiff-bomb.tiff"] {
            XCTAssertThrowsError(try decoder.decode(.data(try picture(name)), to: DecodingTarget(side: 64)), name) { error in
                guard case .tooLarge = error as? ImageError else { return XCTFail("\(name): \(error)") }
            }
        }
        XCTAssertThrowsError(try decoder.decode(.data(Data("not a picture".utf8)), to: DecodingTarget(side: 64))) { error in
            XCTAssertEqual(error as? ImageError, .notAnImage)
        }
        // A picture within the pixel limits that needs more memory than the helper may have: a
        // 9000 x 7000 bitmap (189 MB as RGB) in a helper allowed 160 MB beyond what it holds at rest.
        let resting = try launch()
        let restingSize = try XCTUnwrap(Int(try status(of: resting.processIdentifier)["VmSize"]?.split(separator: " ").first ?? ""))
        resting.close()
        let small = SandboxedImageDecoder(processes: DecoderProcesses(limits: .init(addressSpace: restingSize * 1024 + (160 << 20))))
        XCTAssertThrowsError(try small.decode(.data(Self.bitmapHeader(width: 9000, height: 7000)), to: DecodingTarget(side: 64))) { error in
            let words = (error as? ImageError)?.description ?? "\(error)"
            XCTAssertTrue(words.contains("damaged") || words.contains("could not be read"), words)
            XCTAssertFalse(words.contains("errno"), words)
        }
        XCTAssertEqual(try small.decode(.data(try picture("quarters.png")), to: DecodingTarget(side: 64)).width, 60,
                       "the next picture is decoded")
    }

    func testHelpersStartedAheadServeTheFirstPictures() async throws {
        let processes = DecoderProcesses()
        let decoder = SandboxedImageDecoder.prepared(processes: processes)
        let started = try await eventualValue("helpers started ahead") {
            processes.processIdentifiers.count == SandboxedImageDecoder.sharedThreads.count ? processes.processIdentifiers : nil
        }
        XCTAssertEqual(try decoder.decode(.data(try picture("quarters.jpg")), to: DecodingTarget(side: 64)).width, 60)
        XCTAssertEqual(processes.launches, started.count, "the first picture went to a helper started ahead")
        XCTAssertEqual(Set(processes.processIdentifiers), Set(started))
    }

    /// Drawings are programs of a kind: one that reaches for a file of this machine gets nothing
    /// (the helper opens no file and has none to see), one nested 100,000 groups deep ends in
    /// words (the helper refuses it or stops on it, the app never does), and the next picture is
    /// decoded as before.
    func testHostileDrawingsReachNoFileAndCostOnlyThemselves() throws {
        let decoder = SandboxedImageDecoder(processes: DecoderProcesses())
        let red = TestServer.picturesDirectory.appendingPathComponent("quarters.png").path
        var reaching = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="60" height="40">"#
        reaching += ##"<rect width="60" height="40" fill="black"/><image xlink:href="file://"## + red + ##"" width="60" height="40"/></svg>"##
        let drawn = try decoder.decode(.data(Data(reaching.utf8)), to: DecodingTarget(side: 60))
        let pixels: UnsafePointer<UInt8> = gdk_pixbuf_read_pixels(drawn.pixbuf)!
        let stride = Int(gdk_pixbuf_get_rowstride(drawn.pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(drawn.pixbuf))
        let redAtTopLeft = Int(pixels[stride * 5 + 5 * channels])
        XCTAssertLessThan(redAtTopLeft, 60, "the file's red quarter is not drawn: the black beneath it shows")
        let depth = 100_000
        var nested = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#
        nested += String(repeating: "<g>", count: depth)
        nested += #"<rect width="10" height="10"/>"#
        nested += String(repeating: "</g>", count: depth)
        nested += "</svg>"
        do {
            _ = try decoder.decode(.data(Data(nested.utf8)), to: DecodingTarget(side: 10))
        } catch {
            XCTAssertFalse(error.description.isEmpty)
            print("100,000 nested groups: \(error.description)")
        }
        XCTAssertEqual(try decoder.decode(.data(try picture("quarters.png")), to: DecodingTarget(side: 64)).width, 60)
    }

    func testAHelperThatEndedWhileIdleCostsNoPicture() async throws {
        let processes = DecoderProcesses()
        let decoder = SandboxedImageDecoder(processes: processes)
        XCTAssertEqual(try decoder.decode(.data(try picture("quarters.png")), to: DecodingTarget(side: 64)).width, 60)
        let idle = try XCTUnwrap(processes.processIdentifiers.first)
        kill(idle, SIGKILL)
        await eventually("the idle helper gone") { !ChildProcess.isAlive(idle) }
        XCTAssertEqual(try decoder.decode(.data(try picture("quarters.jpg")), to: DecodingTarget(side: 64)).width, 60,
                       "the next picture goes to a new helper, not to the dead one")
        XCTAssertEqual(processes.launches, 2)
    }

    func testAPictureThatStopsTheHelperFailsAloneAndIsNotTriedAgain() throws {
        // A deadline no decode meets: the helper is taken for hung, killed, and the picture held.
        let processes = DecoderProcesses(limits: .init(deadline: .zero))
        let decoder = SandboxedImageDecoder(processes: processes)
        let photo = try picture("prophoto.heic")
        XCTAssertThrowsError(try decoder.decode(.data(photo), to: DecodingTarget(side: 64))) { error in
            XCTAssertEqual((error as? ImageError)?.description, "This picture could not be read (the picture decoder took too long on it).")
        }
        let launched = processes.launches
        XCTAssertThrowsError(try decoder.decode(.data(photo), to: DecodingTarget(side: 64))) { error in
            guard case .decoderStopped = error as? ImageError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(processes.launches, launched, "the same picture is not sent to a new helper")
    }

    func testAHelperKilledWhileAFeedLoadsIsReplaced() async throws {
        let server = try await TestServer.start()
        defer { Task { await server.stop() } }
        let processes = DecoderProcesses()
        let pipeline = ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder(processes: processes)])
        let requests = (1...60).map { ImageRequest(url: server.url("synthetic/\($0)/400x300.jpg"), maximumPixelSize: 200 + $0) }
        let results = await withTaskGroup(of: Result<DecodedImage, ImageError>.self) { group in
            for request in requests {
                group.addTask {
                    do throws(ImageError) { return .success(try await pipeline.image(for: request)) } catch { return .failure(error) }
                }
            }
            var results: [Result<DecodedImage, ImageError>] = []
            var killed = false
            for await result in group {
                results.append(result)
                if !killed, results.count == 5 {
                    killed = true
                    let helpers = processes.processIdentifiers
                    XCTAssertFalse(helpers.isEmpty, "helpers run while the feed loads")
                    helpers.forEach { kill($0, SIGKILL) }
                }
            }
            return results
        }
        let failures = results.compactMap { result -> ImageError? in
            if case .failure(let error) = result { return error }
            return nil
        }
        XCTAssertLessThanOrEqual(failures.count, SandboxedImageDecoder.sharedThreads.count, "only the pictures the helpers held: \(failures)")
        for failure in failures {
            XCTAssertTrue(failure.description.hasPrefix("This picture could not be read"), failure.description)
        }
        print("helpers killed after 5 of 60 pictures: \(failures.count) failed, \(processes.launches) helpers started")
        XCTAssertGreaterThan(processes.launches, 1, "a new helper took over")
        XCTAssertGreaterThan(results.count - failures.count, 50)
    }

    /// The header of a 24-bit BMP of `width` x `height` with no pixels after it: gdk-pixbuf
    /// allocates the whole bitmap when it has read the header.
    static func bitmapHeader(width: Int, height: Int) -> Data {
        func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
        let pixels = (width * 3 + 3) / 4 * 4 * height
        return Data([0x42, 0x4d] + little(UInt32(54 + pixels)) + little(UInt32(0)) + little(UInt32(54))
                    + little(UInt32(40)) + little(Int32(width)) + little(Int32(height)) + little(UInt16(1)) + little(UInt16(24))
                    + little(UInt32(0)) + little(UInt32(pixels)) + little(Int32(2835)) + little(Int32(2835))
                    + little(UInt32(0)) + little(UInt32(0)))
    }
}
