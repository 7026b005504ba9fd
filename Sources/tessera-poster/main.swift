import Companions
import Foundation
import ImagePipeline
import Localization
import Video

// The video poster reader the app starts beside itself (`PosterReader`): it reads requests on
// standard input, one per line, and answers each on standard output (`PosterWire`), until its
// input ends. GStreamer and its decoders are loaded here, never in the app.
Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
CompanionProgram.ignoreBrokenPipes

while let line = readLine(strippingNewline: true) {
    let delivered: Bool
    if let request = PosterWire.Request(line: line) {
        switch VideoFirstFrame.read(request.url, target: request.target, timeout: request.timeout) {
        case .success(let image):
            delivered = withExtendedLifetime(image) {
                let (header, pixels) = PosterWire.frame(image)
                return CompanionProgram.write(header.line, to: STDOUT_FILENO) && CompanionProgram.write(pixels, to: STDOUT_FILENO)
            }
        case .failure(.noFrame(let reason)):
            delivered = CompanionProgram.write(PosterWire.failureLine(reason), to: STDOUT_FILENO)
        case .failure(let error):
            delivered = CompanionProgram.write(PosterWire.failureLine(error.description), to: STDOUT_FILENO)
        }
    } else {
        delivered = CompanionProgram.write(PosterWire.failureLine(tr("the request was not understood")), to: STDOUT_FILENO)
    }
    // The app is gone: nobody reads the answers.
    if !delivered { exit(0) }
}
