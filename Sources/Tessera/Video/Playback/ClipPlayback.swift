// Runs in the app (tessera): the poster's and the player's clients, and the clip on screen.

import CGStreamer
import Foundation
import HelperWire
import Localization
import Scheduling

/// A clip played with none of its bytes decoded here: `tessera-player` decodes, and our pipeline plays its raw
/// frames (`FrameRing`) and sound; call `tick()` each frame.
@MainActor
public final class ClipPlayback {
    public private(set) var isPlaying = false
    /// Whether `play()` has been called once.
    public private(set) var hasStarted = false
    public private(set) var reachedEnd = false
    /// Why playback stopped, if it failed, in words.
    public private(set) var failure: String?
    private let shared: Shared
    /// Starts the helper, then sends it the clip, in that order, off the main thread.
    private let starting = DispatchQueue(label: "tessera-player-start", qos: .userInitiated)

    /// Plays into `videoSink`, which takes BGRx frames; the helper starts now and confines itself.
    public init(videoSink: OpaquePointer) {
        let shared = Shared(sink: videoSink)
        self.shared = shared
        starting.async {
            switch PlayerHelper.launch(listener: { answer, read in shared.hear(answer, read) }) {
            case .success(let helper): shared.adopt(helper)
            case .failure(let ended): shared.fail(ended.description)
            }
        }
    }

    isolated deinit {
        shared.close()
    }

    /// Hands the clip's bytes to the helper; playback starts once it has read them.
    public func start(clip: Data) {
        let shared = self.shared
        starting.async {
            shared.state.withLock { $0.helper }?.play(clip)
        }
    }

    /// A `length`-byte clip arriving by `deliver`; `wants` hears missing offsets, off the main thread.
    public func start(streaming length: Int, wants: @escaping @Sendable (Int) -> Void) {
        let shared = self.shared
        shared.state.withLock { $0.wants = wants }
        starting.async {
            shared.state.withLock { $0.helper }?.stream(length: length)
        }
    }

    /// Hands the helper a streamed clip's `bytes` from `offset`, in order, off the main thread.
    public func deliver(_ bytes: Data, at offset: Int) {
        let shared = self.shared
        starting.async {
            shared.state.withLock { $0.helper }?.part(bytes, at: offset)
        }
    }

    /// Playback cannot start: the clip could not be had.
    public func fail(_ reason: String) {
        shared.fail(reason)
    }

    /// The helper playing the clip, once started (tests).
    public var helperProcessIdentifier: Int32? { shared.state.withLock { $0.helper?.processIdentifier } }

    public func play() {
        hasStarted = true
        if reachedEnd { seek(to: .zero) }
        reachedEnd = false
        shared.want(playing: true)
        isPlaying = true
    }

    public func pause() {
        shared.want(playing: false)
        isPlaying = false
    }

    public func togglePlaying() { isPlaying ? pause() : play() }

    public var isMuted: Bool {
        get { shared.state.withLock { $0.muted } }
        set { shared.mute(newValue) }
    }

    public var position: Duration? {
        guard let playback = shared.state.withLock({ $0.playback }) else { return nil }
        var value: gint64 = -1
        guard tessera_gst_query_position(playback, &value) != 0, value >= 0 else { return nil }
        return .nanoseconds(value)
    }

    /// The first frame reached the video sink, or a clip of sound alone plays.
    public var showsPicture: Bool {
        let (playback, video) = shared.state.withLock { ($0.playback, $0.hasVideo) }
        guard playback != nil else { return false }
        return video ? tessera_gst_sink_has_sample(shared.sink) != 0 : (position ?? .zero) > .zero
    }

    /// Paused or playing with its frame held: no state change, and no seek the helper has yet to answer.
    public var isPrerolled: Bool {
        let (playback, seeking) = shared.state.withLock { ($0.playback, $0.awaitingSeek) }
        guard let playback, !seeking else { return false }
        return tessera_gst_is_prerolled(playback) != 0
    }

    /// The clip's length, once the helper read it.
    public var duration: Duration? { shared.state.withLock { $0.duration } }

    public func seek(to position: Duration) {
        shared.seek(to: position)
    }

    /// Reads what happened since the last call: the clip's end, or a failure here or in the helper.
    public func tick() {
        if failure == nil, let reason = shared.state.withLock({ $0.failure }) {
            failure = reason
            isPlaying = false
        }
        guard let playback = shared.state.withLock({ $0.playback }) else { return }
        while true {
            var error: UnsafeMutablePointer<CChar>?
            switch tessera_gst_next_message(playback, &error) {
            case TESSERA_GST_MESSAGE_END_OF_STREAM:
                reachedEnd = true
                pause()
            case TESSERA_GST_MESSAGE_ERROR:
                failure = error.map { String(cString: $0) } ?? tr("The video could not be played.")
                g_free(error)
                isPlaying = false
            default:
                return
            }
        }
    }
}

/// What the main thread and the thread reading the helper share.
private final class Shared: @unchecked Sendable {
    struct State: @unchecked Sendable {
        var helper: PlayerHelper?
        /// The app's pipeline, made once the helper said what the clip holds.
        var playback: OpaquePointer?
        var duration: Duration?
        var hasVideo = true
        var wantsPlaying = false
        var muted = false
        /// The last seek's number; what the helper sends before answering it is dropped.
        var generation = 0
        var awaitingSeek = false
        var failure: String?
        var closed = false
        /// Told the offset a streamed clip must be read from next.
        var wants: (@Sendable (Int) -> Void)?
    }

    let state = Mutex(State())
    /// The video sink, a reference of our own (GStreamer's objects may be used from any thread).
    let sink: OpaquePointer

    init(sink: OpaquePointer) {
        tessera_gst_ref_sink(sink)
        self.sink = sink
    }

    deinit {
        let playback = state.withLock { $0.playback }
        if let playback { tessera_gst_unref(playback) }
        tessera_gst_unref(sink)
    }

    func adopt(_ helper: PlayerHelper) {
        let closed = state.withLock { state -> Bool in
            if !state.closed { state.helper = helper }
            return state.closed
        }
        if closed { helper.stop() }
    }

    func fail(_ reason: String) {
        state.withLock { state in
            if state.failure == nil, !state.closed { state.failure = reason }
        }
    }

    func want(playing: Bool) {
        let playback = state.withLock { state -> OpaquePointer? in
            state.wantsPlaying = playing
            return state.playback
        }
        if let playback { tessera_gst_set_state(playback, playing ? TESSERA_GST_STATE_PLAYING : TESSERA_GST_STATE_PAUSED) }
    }

    func mute(_ muted: Bool) {
        let playback = state.withLock { state -> OpaquePointer? in
            state.muted = muted
            return state.playback
        }
        if let playback { tessera_gst_playback_set_muted(playback, muted ? 1 : 0) }
    }

    func seek(to position: Duration) {
        let (helper, generation, playback) = state.withLock { state -> (PlayerHelper?, Int, OpaquePointer?) in
            guard state.helper != nil, state.playback != nil else { return (nil, 0, nil) }
            state.generation += 1
            state.awaitingSeek = true
            return (state.helper, state.generation, state.playback)
        }
        guard let helper, let playback else { return }
        helper.seek(generation: generation, to: position)
        // Flushes the pipeline; pushes happen under the lock and only while no seek is awaited.
        tessera_gst_seek(playback, gint64(position.nanoseconds))
    }

    func close() {
        let (helper, playback) = state.withLock { state -> (PlayerHelper?, OpaquePointer?) in
            state.closed = true
            return (state.helper, state.playback)
        }
        if let playback { tessera_gst_set_state(playback, TESSERA_GST_STATE_NULL) }
        helper?.stop()
    }

    // MARK: On the thread reading the helper

    func hear(_ heard: Result<PlaybackWire.Answer, PlayerHelperEnded>, _ read: PlayerHelper.ReadBytes) {
        switch heard {
        case .failure(let ended): fail(ended.description)
        case .success(.ready(let duration, let video, let audio)): prepare(duration: duration, video: video, audio: audio)
        case .success(.sample(let sample)): push(sample, read)
        case .success(.ended(let stream)): end(stream)
        case .success(.seeked(let generation)): seeked(generation)
        case .success(.failed(let reason)): fail(reason)
        case .success(.wants(let offset)): state.withLock { $0.closed ? nil : $0.wants }?(offset)
        case .success(.probed), .success(.frames): break
        }
    }

    private func prepare(duration: Duration?, video: Bool, audio: Bool) {
        var error: UnsafeMutablePointer<CChar>?
        guard let playback = tessera_gst_raw_playback(sink, audio ? 1 : 0, &error) else {
            defer { g_free(error) }
            return fail(error.map { String(cString: $0) } ?? tr("The video could not be played."))
        }
        let (muted, closed) = state.withLock { state -> (Bool, Bool) in
            if !state.closed {
                state.playback = playback
                state.duration = duration
                state.hasVideo = video
            }
            return (state.muted, state.closed)
        }
        guard !closed else { return tessera_gst_unref(playback) }
        // A clip of sound alone: the picture ends at once, and the sound plays.
        if !video, let source = tessera_gst_playback_source(playback, TESSERA_GST_STREAM_VIDEO) { tessera_gst_source_end(source) }
        tessera_gst_playback_set_muted(playback, muted ? 1 : 0)
        // gtksink makes its window on the main loop holding the state lock; made here it froze the window.
        MainContextCall.invoke {
            let (playing, closed) = self.state.withLock { ($0.wantsPlaying, $0.closed) }
            guard !closed else { return }
            tessera_gst_set_state(playback, playing ? TESSERA_GST_STATE_PLAYING : TESSERA_GST_STATE_PAUSED)
        }
    }

    /// `body` under the lock with `stream`'s source; nil during a seek or once closed.
    private func withSource<T>(for stream: PlaybackWire.Stream, _ body: (OpaquePointer?) -> T) -> T {
        state.withLock { state in
            guard !state.closed, !state.awaitingSeek, let playback = state.playback else { return body(nil) }
            return body(tessera_gst_playback_source(playback, stream.raw))
        }
    }

    /// Pushes a frame over its slot, or sound into a buffer; the helper hears when it is let go.
    private func push(_ sample: PlaybackWire.Sample, _ read: PlayerHelper.ReadBytes) {
        let (helper, dropped) = state.withLock { ($0.helper, $0.closed || $0.awaitingSeek || $0.playback == nil) }
        guard let helper else { return }
        let buffer: OpaquePointer?
        switch sample.stream {
        case .video:
            guard !dropped, let ring = helper.ring(of: sample), let frame = ring.slot(sample.slot, length: sample.length) else {
                return helper.release(ring: sample.ring, slot: sample.slot)
            }
            let context = Unmanaged.passRetained(LetGo(helper: helper, what: .frame(ring, sample.slot))).toOpaque()
            buffer = tessera_gst_buffer_wrap(frame.baseAddress!.assumingMemoryBound(to: guint8.self), gsize(frame.count),
                                             { LetGo.released($0) }, context)
            if buffer == nil { LetGo.released(context) }
        case .audio:
            if dropped { return helper.letSoundGo() }
            let context = Unmanaged.passRetained(LetGo(helper: helper, what: .sound)).toOpaque()
            var memory: UnsafeMutablePointer<guint8>?
            buffer = tessera_gst_buffer_new(gsize(sample.length), &memory, { LetGo.released($0) }, context)
            guard let buffer, let memory else { return LetGo.released(context) }
            guard read(UnsafeMutableRawBufferPointer(start: memory, count: sample.length)) else { return tessera_gst_buffer_free(buffer) }
        }
        guard let buffer else { return }
        var header = sample.raw
        withSource(for: sample.stream) { source in
            if let source { _ = tessera_gst_source_push_buffer(source, buffer, &header) } else { tessera_gst_buffer_free(buffer) }
        }
    }

    private func end(_ stream: PlaybackWire.Stream) {
        withSource(for: stream) { source in
            if let source { tessera_gst_source_end(source) }
        }
    }

    private func seeked(_ generation: Int) {
        state.withLock { state in
            if generation == state.generation { state.awaitingSeek = false }
        }
    }
}

/// Tells the helper a sample was let go when its buffer is freed; keeps the frame's ring mapped till then.
private final class LetGo {
    enum What {
        case sound
        case frame(FrameRing, Int)
    }

    let helper: PlayerHelper
    let what: What

    init(helper: PlayerHelper, what: What) {
        self.helper = helper
        self.what = what
    }

    static func released(_ context: UnsafeMutableRawPointer?) {
        let letGo = Unmanaged<LetGo>.fromOpaque(context!).takeRetainedValue()
        switch letGo.what {
        case .sound: letGo.helper.letSoundGo()
        case .frame(let ring, let slot): letGo.helper.release(ring: ring.id, slot: slot)
        }
    }
}
