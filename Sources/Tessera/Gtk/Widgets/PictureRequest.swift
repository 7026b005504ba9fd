/// One step of asking for a picture in each format in turn.
final class PictureRequest {
    let clipboard: OpaquePointer?
    let rest: ArraySlice<String>
    let request: UnsafeMutableRawPointer
    init(clipboard: OpaquePointer?, rest: ArraySlice<String>, request: UnsafeMutableRawPointer) {
        self.clipboard = clipboard
        self.rest = rest
        self.request = request
    }
}
