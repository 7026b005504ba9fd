import CDescriptorPassing
import CGdkPixbuf
import HelperPipes
import Confinement
import FoundationEssentials
import Glibc
import HelperWire
import Localization
import PictureDecoding

// The picture decoder (`DecoderProcess`): confined first, one picture at a time, pixels in sealed files.

// Namespaces first, while this is the only thread (see HelperConfinement).
let namespaceError = HelperConfinement.enterNamespaces()

Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
HelperProgram.ignoreBrokenPipes
let options = DecoderLimits(arguments: CommandLine.arguments)
// Below the UI's priority, whichever thread started it; its decoders' threads inherit it.
_ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Int32(options.niceness))

// Everything a decode opens is opened now: every loader module and the catalogue of the user's language.
DecoderWarmUp.loadEverything()
PictureDetailsReader.prepare()

// How it is confined is the helper's first line to the app.
let ready: DecoderWire.Ready
switch HelperConfinement.confine(namespaceError: namespaceError, filter: .decoding, addressSpace: UInt64(options.addressSpace)) {
case .namespaces: ready = .namespaces
case .filterOnly(let why): ready = .filterOnly(why)
case .unconfined(let why):
    _ = HelperProgram.write(DecoderWire.Ready.unconfined(why).line, to: STDOUT_FILENO)
    exit(3)
}
guard HelperProgram.write(ready.line, to: STDOUT_FILENO) else { exit(0) }

// Parts of pictures are decoded into the memory files that carry them to the app.
let decoder = PixbufImageDecoder(pixels: MemoryFilePixels())
let never = ContinuousClock.now + .seconds(100 * 365 * 24 * 3600)
while true {
    // Freed pages are reused within a burst and returned after `DecoderIdleness.trimAfter` idle.
    if !HelperProgram.wait(for: STDIN_FILENO, until: .now + DecoderIdleness.trimAfter) { _ = malloc_trim(0) }
    guard let line = HelperProgram.readLine(fromSocket: STDIN_FILENO, until: never) else { break }
    guard let request = DecoderWire.Request(line: line, maximumLength: options.maximumLength) else {
        _ = HelperProgram.write("tessera-decoder: not a request: \(line.prefix(200))\n", to: STDERR_FILENO)
        exit(2)
    }
    switch request {
    case .decode(let id, let target, let length):
        var data = Data(count: length)
        let read = data.withUnsafeMutableBytes { HelperProgram.read($0, from: STDIN_FILENO, until: never) }
        guard read else { exit(0) }
        HelperConfinement.limitCPU(toSecondsFromNow: UInt32(options.cpuSecondsPerPicture))
        let answered: Bool
        do {
            let image = try decoder.decode(data, to: target)
            answered = PixelHandOver.send(image, for: id, forCairo: target.region != nil)
        } catch {
            answered = HelperProgram.write(DecoderWire.Answer.refused(id: id, error).line, to: STDOUT_FILENO)
        }
        guard answered else { exit(0) }
    case .details(let id, let length):
        var data = Data(count: length)
        let read = data.withUnsafeMutableBytes { HelperProgram.read($0, from: STDIN_FILENO, until: never) }
        guard read else { exit(0) }
        HelperConfinement.limitCPU(toSecondsFromNow: UInt32(options.cpuSecondsPerPicture))
        let details = PictureDetailsReader.details(of: data)
        guard HelperProgram.write(DecoderWire.Answer.details(id: id, details).line, to: STDOUT_FILENO) else { exit(0) }
    case .probe(let id, let probe):
        let (refused, detail) = ConfinementProbe.attempt(ConfinementProbe.Attempt(rawValue: probe.rawValue)!, addressSpace: options.addressSpace)
        guard HelperProgram.write(DecoderWire.Answer.probed(id: id, refused: refused, detail: detail).line, to: STDOUT_FILENO) else { exit(0) }
    }
}
