import CDescriptorPassing
import CGdkPixbuf
import HelperPipes
import FoundationEssentials
import Glibc
import HelperWire

/// A decoded picture to the app in a sealed memory file: the one decoded into, else a copy.
enum PixelHandOver {
    /// Answers `id`; false when the app is gone. `forCairo`: four channels as ARGB32.
    static func send(_ image: DecodedImage, for id: Int, forCairo: Bool = false) -> Bool {
        let frames = image.frames.isEmpty ? [DecodedImage.Frame(pixbuf: image.pixbuf, delay: .zero)] : image.frames
        let channels = Int(gdk_pixbuf_get_n_channels(image.pixbuf))
        // Every frame alike (the decoder gives them so); otherwise only the still is sent.
        let alike = frames.allSatisfy {
            Int(gdk_pixbuf_get_width($0.pixbuf)) == image.width && Int(gdk_pixbuf_get_height($0.pixbuf)) == image.height
                && Int(gdk_pixbuf_get_n_channels($0.pixbuf)) == channels
        }
        let sent = alike ? frames : [frames[0]]
        let rowstride = (image.width * channels + 3) & ~3
        let pixels = DecoderWire.Pixels(width: image.width, height: image.height, rowstride: rowstride, channels: channels,
                                        delays: sent.count > 1 ? sent.map { max(1, $0.delay.milliseconds) } : [],
                                        originalWidth: image.originalWidth, originalHeight: image.originalHeight,
                                        colourProfile: image.colourProfile, premultiplied: forCairo && frames.count == 1)
        // Decoded straight into a memory file of the wire's layout: that file goes, sealed.
        if sent.count == 1, let file = MemoryFilePixels.file(under: image.pixbuf), file.length == pixels.byteCount,
           Int(gdk_pixbuf_get_rowstride(image.pixbuf)) == rowstride {
            if pixels.premultiplied {
                CairoPixels.premultiply(file.start, width: pixels.width, height: pixels.height, rowstride: rowstride)
            }
            let sealed = file.seal()
            guard sealed == 0 else {
                return HelperProgram.write(DecoderWire.Answer.refused(id: id, .undecodable(String(cString: strerror(sealed)))).line,
                                              to: STDOUT_FILENO)
            }
            return HelperProgram.write(pixels.line(for: id), to: STDOUT_FILENO) && tessera_send_descriptor(STDOUT_FILENO, file.descriptor) == 0
        }
        let descriptor = tessera_sealable_memory(pixels.byteCount)
        guard descriptor >= 0, let mapped = mmap(nil, pixels.byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
              mapped != MAP_FAILED else {
            if descriptor >= 0 { close(descriptor) }
            return HelperProgram.write(DecoderWire.Answer.refused(id: id, .undecodable(String(cString: strerror(errno)))).line,
                                          to: STDOUT_FILENO)
        }
        let rowBytes = image.width * channels
        for (index, frame) in sent.enumerated() {
            let source = UnsafeRawPointer(gdk_pixbuf_read_pixels(frame.pixbuf)!)
            let sourceStride = Int(gdk_pixbuf_get_rowstride(frame.pixbuf))
            let start = mapped + index * pixels.frameBytes
            for row in 0..<image.height {
                (start + row * rowstride).copyMemory(from: source + row * sourceStride, byteCount: rowBytes)
            }
        }
        if pixels.premultiplied { CairoPixels.premultiply(mapped, width: pixels.width, height: pixels.height, rowstride: rowstride) }
        munmap(mapped, pixels.byteCount)
        defer { close(descriptor) }
        guard tessera_seal(descriptor) == 0 else {
            return HelperProgram.write(DecoderWire.Answer.refused(id: id, .undecodable("the pixels could not be sealed")).line,
                                          to: STDOUT_FILENO)
        }
        return HelperProgram.write(pixels.line(for: id), to: STDOUT_FILENO) && tessera_send_descriptor(STDOUT_FILENO, descriptor) == 0
    }
}
