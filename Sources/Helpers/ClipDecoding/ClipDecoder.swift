// Runs in the clip helpers (tessera-poster, tessera-player), confined.

import CGStreamer
import HelperWire
import FoundationEssentials
import Glibc
import Localization

/// A clip decoded for `tessera-player` by playbin, raw frames and sound to `events`, paced by the pipe.
public final class ClipDecoder: @unchecked Sendable {
    /// What the decoder hands over, on its streaming threads.
    public struct Events: Sendable {
        /// A sample's header and its bytes, valid during the call.
        public var sample: @Sendable (PlaybackWire.Sample, UnsafeRawBufferPointer) -> Void
        public var ended: @Sendable (PlaybackWire.Stream) -> Void
        /// A seek's flush reached the stream's end: what comes next is from the new position.
        public var flushed: @Sendable (PlaybackWire.Stream) -> Void

        public init(sample: @escaping @Sendable (PlaybackWire.Sample, UnsafeRawBufferPointer) -> Void,
                    ended: @escaping @Sendable (PlaybackWire.Stream) -> Void,
                    flushed: @escaping @Sendable (PlaybackWire.Stream) -> Void) {
            self.sample = sample
            self.ended = ended
            self.flushed = flushed
        }
    }

    /// Boxed so that GStreamer's threads reach it through a pointer; lives as long as the decoder.
    private final class Box {
        let events: Events
        init(_ events: Events) { self.events = events }
        static func from(_ context: UnsafeMutableRawPointer?) -> Events {
            Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().events
        }
    }

    private let playbin: OpaquePointer
    private let box: Box
    /// The clip's bytes as they arrive, for a streamed clip.
    private let streamed: StreamedClip?

    /// What the clip holds, once it is known.
    public struct Streams: Sendable {
        public var duration: Duration?
        public var video: Bool
        public var audio: Bool

        /// The streams the clip has.
        public var present: Set<PlaybackWire.Stream> {
            Set([video ? .video : nil, audio ? .audio : nil].compactMap { $0 })
        }
    }

    /// Reads the clip in the memory file `clip`; throws why in words when GStreamer cannot.
    public init(clip: Int32, events: Events) throws(ClipDecoderError) {
        if let failure = GStreamer.startFailure { throw ClipDecoderError(failure) }
        box = Box(events)
        streamed = nil
        var handlers = Self.handlers(box)
        var error: UnsafeMutablePointer<CChar>?
        guard let playbin = tessera_gst_clip_decoder(clip, &handlers, &error) else { throw Self.failure(error) }
        self.playbin = playbin
        tessera_gst_decode_on_one_thread(playbin)
    }

    /// Reads `clip` as its bytes arrive; throws why in words when GStreamer cannot.
    public init(streaming clip: StreamedClip, events: Events) throws(ClipDecoderError) {
        if let failure = GStreamer.startFailure { throw ClipDecoderError(failure) }
        box = Box(events)
        streamed = clip
        var handlers = Self.handlers(box)
        var feed = TesseraGstClipFeed()
        feed.context = Unmanaged.passUnretained(clip).toOpaque()
        feed.need = { context, count in Unmanaged<StreamedClip>.fromOpaque(context!).takeUnretainedValue().need(Int(count)) }
        feed.seek = { context, offset in Unmanaged<StreamedClip>.fromOpaque(context!).takeUnretainedValue().seek(Int(offset)) }
        var error: UnsafeMutablePointer<CChar>?
        guard let playbin = tessera_gst_streamed_clip_decoder(guint64(clip.length), &feed, &handlers, &error) else {
            throw Self.failure(error)
        }
        self.playbin = playbin
        clip.decoder = playbin
        tessera_gst_decode_on_one_thread(playbin)
    }

    private static func handlers(_ box: Box) -> TesseraGstClipHandlers {
        var handlers = TesseraGstClipHandlers()
        handlers.context = Unmanaged.passUnretained(box).toOpaque()
        handlers.sample = { context, sample in
            guard let sample = sample?.pointee else { return }
            Box.from(context).sample(PlaybackWire.Sample(sample), UnsafeRawBufferPointer(start: sample.data, count: Int(sample.length)))
        }
        handlers.ended = { context, stream in Box.from(context).ended(PlaybackWire.Stream(stream)) }
        handlers.flushed = { context, stream in Box.from(context).flushed(PlaybackWire.Stream(stream)) }
        return handlers
    }

    private static func failure(_ error: UnsafeMutablePointer<CChar>?) -> ClipDecoderError {
        defer { g_free(error) }
        return ClipDecoderError(error.map { String(cString: $0) } ?? tr("The video could not be decoded."))
    }

    deinit {
        streamed?.detach()
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_NULL)
        tessera_gst_unref(playbin)
    }

    /// Reads up to the first samples and says what the clip holds, or why not within `timeout`.
    public func prepare(timeout: Duration) -> Result<Streams, ClipDecoderError> {
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_PAUSED)
        guard tessera_gst_wait_for_state(playbin, guint64(timeout.nanoseconds)) != 0 else {
            var error: UnsafeMutablePointer<CChar>?
            guard tessera_gst_next_message(playbin, &error) == TESSERA_GST_MESSAGE_ERROR, let error else {
                return .failure(ClipDecoderError(tr("The video took too long to start.")))
            }
            defer { g_free(error) }
            return .failure(ClipDecoderError(String(cString: error)))
        }
        var length: gint64 = -1
        let duration: Duration? = tessera_gst_query_duration(playbin, &length) != 0 && length > 0 ? .nanoseconds(length) : nil
        let object = UnsafeMutableRawPointer(playbin)
        return .success(Streams(duration: duration, video: tessera_gst_get_int(object, "n-video") > 0,
                                audio: tessera_gst_get_int(object, "n-audio") > 0))
    }

    /// Decodes on, from where it is, as fast as the samples are taken.
    public func run() {
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_PLAYING)
    }

    /// Moves to `position` (exactly, decoding from the key frame before it); false when the clip cannot seek.
    public func seek(to position: Duration) -> Bool {
        tessera_gst_seek(playbin, gint64(position.nanoseconds)) != 0
    }

    /// Blocks until decoding fails, and says why.
    public func waitForFailure() -> String {
        guard let text = tessera_gst_wait_for_error(playbin) else { return tr("The video could not be decoded.") }
        defer { g_free(text) }
        return String(cString: text)
    }
}

/// Why a clip cannot be decoded, in words.
public struct ClipDecoderError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
