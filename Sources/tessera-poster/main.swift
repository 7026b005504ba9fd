import CSandbox
import Companions
import Foundation
import ImagePipeline
import Localization
import Scheduling
import Synchronization
import Video

// The video poster reader the app starts beside itself (`PosterReader`): it reads requests on
// standard input, one per line, reads up to two clips at once, and answers each on standard
// output when it is done (`PosterWire`), until its input ends. GStreamer and its decoders are
// loaded here, never in the app.
Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
CompanionProgram.ignoreBrokenPipes

// GStreamer starts first (it may run its plugin scanner, a program, to update its registry);
// then the helper may start no program or process, nor gain privileges. It still opens files and
// sockets: it streams clips by their URLs, and GStreamer opens plugins as a clip needs them.
_ = GStreamer.startFailure
let confined = tessera_sandbox_forbid_processes()
if confined != 0 {
    FileHandle.standardError.write(Data("tessera-poster: not confined (\(String(cString: strerror(confined))))\n".utf8))
}

/// Two at a time, as the app asks: each read holds a decoder and a connection.
let readers = BackgroundThreads(name: "tessera-poster", count: 2)
/// One answer at a time on standard output: a frame's line and its pixels stay together.
let output = Mutex(())

/// Writes the answer to request `id`; when nobody reads answers any more, the app is gone.
func answer(_ id: Int, with result: Result<DecodedImage, ImageError>) {
    let delivered = output.withLock { _ -> Bool in
        switch result {
        case .success(let image):
            return withExtendedLifetime(image) {
                let (header, pixels) = PosterWire.frame(image)
                return CompanionProgram.write(header.line(for: id), to: STDOUT_FILENO)
                    && CompanionProgram.write(pixels, to: STDOUT_FILENO)
            }
        case .failure(.noFrame(let reason)):
            return CompanionProgram.write(PosterWire.failureLine(reason, for: id), to: STDOUT_FILENO)
        case .failure(let error):
            return CompanionProgram.write(PosterWire.failureLine(error.description, for: id), to: STDOUT_FILENO)
        }
    }
    if !delivered { exit(0) }
}

while let line = readLine(strippingNewline: true) {
    guard let request = PosterWire.Request(line: line) else {
        // Not the app's words: nothing to answer to.
        FileHandle.standardError.write(Data("tessera-poster: not a request: \(line.prefix(200))\n".utf8))
        exit(2)
    }
    readers.async {
        answer(request.id, with: VideoFirstFrame.read(request.url, target: request.target, timeout: request.timeout))
    }
}
