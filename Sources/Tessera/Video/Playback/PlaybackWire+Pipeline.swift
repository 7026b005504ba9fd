import CGStreamer
import HelperWire

/// The wire's headers as the app's GStreamer pipeline takes them.
extension PlaybackWire.Stream {
    var raw: TesseraGstStream { self == .video ? TESSERA_GST_STREAM_VIDEO : TESSERA_GST_STREAM_AUDIO }
}

extension PlaybackWire.Sample {
    /// The header as `tessera_gst_source_push_buffer` takes it; the bytes are the buffer's.
    var raw: TesseraGstSample {
        var raw = TesseraGstSample()
        raw.stream = stream.raw
        raw.time = gint64(time?.nanoseconds ?? -1)
        raw.duration = gint64(duration?.nanoseconds ?? -1)
        raw.width = Int32(width)
        raw.height = Int32(height)
        raw.aspect_numerator = Int32(aspect.numerator)
        raw.aspect_denominator = Int32(aspect.denominator)
        return raw
    }
}
