import CGStreamer
import HelperWire

/// The wire's headers made from what the helper's GStreamer pipeline hands over.
extension PlaybackWire.Stream {
    init(_ raw: TesseraGstStream) { self = raw == TESSERA_GST_STREAM_VIDEO ? .video : .audio }
}

extension PlaybackWire.Sample {
    init(_ sample: TesseraGstSample) {
        self.init(stream: PlaybackWire.Stream(sample.stream), length: Int(sample.length))
        time = sample.time >= 0 ? .nanoseconds(sample.time) : nil
        duration = sample.duration >= 0 ? .nanoseconds(sample.duration) : nil
        width = Int(sample.width)
        height = Int(sample.height)
        aspect = (Int(sample.aspect_numerator), Int(sample.aspect_denominator))
    }
}
