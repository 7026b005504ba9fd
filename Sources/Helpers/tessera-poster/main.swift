// Runs in its own process, tessera-poster: a clip's first frame, confined.

import CDescriptorPassing
import HelperPipes
import Confinement
import FoundationEssentials
import Glibc
import HelperWire
import Localization
import Scheduling
import ClipDecoding

// The poster reader (`PosterReader`): two clips at a time, answers by `PosterWire`, until input ends.

// Namespaces first, while this is the only thread (see HelperConfinement).
let namespaceError = HelperConfinement.enterNamespaces()

Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
HelperProgram.ignoreBrokenPipes

/// The most a clip may take: the image pipeline's largest body.
let maximumLength = DecodingLimits.maximumBodyBytes
/// Room for GStreamer, libav and their threads, a clip, its frames and the scaled poster.
let addressSpace: UInt64 = 2 << 30
/// CPU seconds a clip may take: one sending a decoder in circles ends the helper (SIGXCPU).
let cpuSecondsPerClip: UInt32 = 30

// Every plugin loads now; afterwards no file, socket or process can be opened.
GStreamer.loadBeforeConfinement(GStreamer.posterPlugins, program: "tessera-poster")
HelperConfinement.confineOrExit(program: "tessera-poster", namespaceError: namespaceError, filter: .media, addressSpace: addressSpace)

/// Two at a time, as the app asks: each read holds a decoder.
let readers = BackgroundThreads(name: "tessera-poster", count: 2)
/// One answer at a time on standard output: a frame's line and its pixels stay together.
let output = Mutex(())

/// Writes the answer to request `id`; when nobody reads answers any more, the app is gone.
func answer(_ id: Int, with result: Result<DecodedImage, PictureRefusal>) {
    let delivered = output.withLock { _ -> Bool in
        switch result {
        case .success(let image):
            return withExtendedLifetime(image) {
                let (header, pixels) = PosterWire.frame(image)
                return HelperProgram.write(header.line(for: id), to: STDOUT_FILENO)
                    && HelperProgram.write(pixels, to: STDOUT_FILENO)
            }
        case .failure(.noFrame(let reason)):
            return HelperProgram.write(PosterWire.failureLine(reason, for: id), to: STDOUT_FILENO)
        case .failure(let error):
            return HelperProgram.write(PosterWire.failureLine(error.description, for: id), to: STDOUT_FILENO)
        }
    }
    if !delivered { exit(0) }
}

while let line = HelperProgram.readLine(from: STDIN_FILENO, until: .distantFuture) {
    switch PosterWire.Incoming(line: line, maximumLength: maximumLength) {
    case .clip(let request):
        guard let clip = ClipMemory.read(length: request.length, from: STDIN_FILENO) else { exit(0) }
        HelperConfinement.limitCPU(toSecondsFromNow: cpuSecondsPerClip)
        readers.async {
            defer { close(clip) }
            answer(request.id, with: VideoFirstFrame.read(clip, target: request.target, timeout: request.timeout))
        }
    case .probe(_, .stall):
        readers.async { while true { pause() } }
    case .probe(let id, let probe):
        let (refused, detail) = ConfinementProbe.attempt(ConfinementProbe.Attempt(rawValue: probe.rawValue)!, addressSpace: Int(addressSpace))
        let written = output.withLock { _ in HelperProgram.write(PosterWire.probedLine(refused: refused, detail: detail, for: id), to: STDOUT_FILENO) }
        if !written { exit(0) }
    case nil:
        // Not the app's words: nothing to answer to.
        _ = HelperProgram.write("tessera-poster: not a request: \(line.prefix(200))\n", to: STDERR_FILENO)
        exit(2)
    }
}
