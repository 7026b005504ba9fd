import HelperPipes
import Confinement
import FoundationEssentials
import Glibc
import HelperWire
import Localization
import ClipDecoding
import Scheduling
import Dispatch

// The clip decoder per viewer clip (`PlayerHelper`): input bytes to raw frames and sound; seeks when told.

// Namespaces first, while this is the only thread (see HelperConfinement).
let namespaceError = HelperConfinement.enterNamespaces()

Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
HelperProgram.ignoreBrokenPipes

/// The most a clip may take: the image pipeline's largest body.
let maximumLength = DecodingLimits.maximumBodyBytes
/// Room for GStreamer, libav and its threads, the clip, and the frames queued on their way.
let addressSpace: UInt64 = 2 << 30
/// CPU time from start or a seek before SIGXCPU: a whole decode several times over.
let cpuSecondsToStart: UInt32 = 30
let cpuTimesTheClip = 4.0
/// How long the first frame may take, even from first parts over a slow link.
let preparing: Duration = .seconds(20)
let preparingStreamed: Duration = .seconds(60)

// Every plugin loads now; afterwards no file, socket or process can be opened.
GStreamer.loadBeforeConfinement(GStreamer.playerPlugins, program: "tessera-player")
HelperConfinement.confineOrExit(program: "tessera-player", namespaceError: namespaceError, filter: .media, addressSpace: addressSpace)

let flow = SampleFlow()

func limitCPU(for streams: ClipDecoder.Streams?) {
    let clip = streams?.duration.map { Double($0.components.seconds) * cpuTimesTheClip } ?? 600
    HelperConfinement.limitCPU(toSecondsFromNow: cpuSecondsToStart + UInt32(min(clip, 86_400)))
}

/// Where the clip comes from: its bytes, or their length, the bytes to come in parts.
enum ClipSource {
    case whole(Int32)
    case streamed(length: Int)
}

/// Answers the probes a test asks for before the clip; nil when the input ends first.
func readClip() -> ClipSource? {
    while let line = HelperProgram.readLine(from: STDIN_FILENO, until: .distantFuture) {
        switch PlaybackWire.Request(line: line, maximumLength: maximumLength) {
        case .clip(let length): return ClipMemory.read(length: length, from: STDIN_FILENO).map(ClipSource.whole)
        case .stream(let length): return .streamed(length: length)
        case .probe(let probe): answer(probe)
        case .seek, .moreSound, .released, .part, nil: complain(line)
        }
    }
    return nil
}

func answer(_ probe: PosterWire.Probe) {
    guard let attempt = ConfinementProbe.Attempt(rawValue: probe.rawValue) else { return }
    let (refused, detail) = ConfinementProbe.attempt(attempt, addressSpace: Int(addressSpace))
    flow.send(.probed(refused: refused, detail: detail))
}

/// Not the app's words: nothing to answer to.
func complain(_ line: String) -> Never {
    _ = HelperProgram.write("tessera-player: not a request: \(line.prefix(200))\n", to: STDERR_FILENO)
    exit(2)
}

guard let source = readClip() else { exit(0) }
limitCPU(for: nil)
let events = ClipDecoder.Events(sample: { sample, bytes in flow.send(sample, bytes) },
                                ended: { stream in flow.end(stream) },
                                flushed: { stream in flow.flushed(stream) })
let decoder: ClipDecoder
let streamed: StreamedClip?
do {
    switch source {
    case .whole(let clip):
        streamed = nil
        decoder = try ClipDecoder(clip: clip, events: events)
    case .streamed(let length):
        let clip = StreamedClip(length: length) { offset in flow.send(.wants(offset: offset)) }
        streamed = clip
        decoder = try ClipDecoder(streaming: clip, events: events)
    }
} catch {
    flow.send(.failed(reason: error.description))
    exit(0)
}

/// What the clip holds, once the decoder found out (seeks come only after the app heard it).
let known = Mutex<ClipDecoder.Streams?>(nil)

// The app's requests, read from now on: a streamed clip's parts come while it is prepared.
DetachedThread.start(named: "requests") {
    var input = InputLines(STDIN_FILENO)
    while let line = input.next() {
        switch PlaybackWire.Request(line: line, maximumLength: maximumLength) {
        case .part(let offset, let length):
            guard let streamed, streamed.arrived(offset: offset, count: length, { input.read(into: $0) }) else { complain(line) }
        case .seek(let generation, let position):
            guard let streams = known.withLock({ $0 }) else { complain(line) }
            limitCPU(for: streams)
            flow.seek(generation, of: streams.present) { decoder.seek(to: position) }
        case .moreSound(let count):
            flow.moreSound(count)
        case .released(let ring, let slot):
            flow.released(ring: ring, slot: slot)
        case .probe(let probe): answer(probe)
        case .clip, .stream, nil: complain(line)
        }
    }
    // The app closed the helper's input: it is done.
    exit(0)
}

let streams: ClipDecoder.Streams
switch decoder.prepare(timeout: streamed == nil ? preparing : preparingStreamed) {
case .success(let found): streams = found
case .failure(let error):
    flow.send(.failed(reason: error.description))
    exit(0)
}
known.withLock { $0 = streams }
limitCPU(for: streams)
flow.send(.ready(duration: streams.duration, video: streams.video, audio: streams.audio))
DetachedThread.start(named: "failures") {
    flow.send(.failed(reason: decoder.waitForFailure()))
}
decoder.run()
// The requests' thread ends the helper.
DispatchSemaphore(value: 0).wait()
