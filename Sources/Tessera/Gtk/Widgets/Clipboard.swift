import CGtk

/// The desktop's clipboard (Ctrl+C, Ctrl+V).
@MainActor
public enum Clipboard {
    public static func setText(_ text: String) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        gtk_clipboard_set_text(clipboard, text, gint(text.utf8.count))
    }

    /// A picture on the clipboard, offered in every format gdk-pixbuf writes.
    public static func setImage(_ image: any PixbufSource) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        gtk_clipboard_set_image(clipboard, image.pixbufPointer)
    }

    /// What the clipboard holds as text now (asked of its owner, which may be this process).
    public static var text: String? {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        guard let text = gtk_clipboard_wait_for_text(clipboard) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Addresses, else picture bytes, else text, without blocking; targets first (xclip answers any with text).
    public static func requestContents(_ received: @escaping @MainActor (ClipboardContents) -> Void) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        let box = Unmanaged.passRetained(ClipboardRequest(received: received)).toOpaque()
        gtk_clipboard_request_targets(clipboard, { clipboard, atoms, count, data in
            var offered: [String] = []
            for index in 0..<Int(max(0, count)) {
                guard let atom = atoms?[index], let name = gdk_atom_name(atom) else { continue }
                offered.append(String(cString: name))
                g_free(name)
            }
            let uris = atoms.map { gtk_targets_include_uri($0, count) != 0 } ?? false
            let pictures = Clipboard.pictureTargets.filter(offered.contains)
            MainActor.assumeIsolated {
                guard uris else { return Clipboard.requestPicture(clipboard, targets: pictures[...], request: data!) }
                Clipboard.requestURIs(clipboard, thenPictures: pictures, request: data!)
            }
        }, box)
    }

    /// The formats a picture is taken from the clipboard or a drop in, best first.
    public static let pictureTargets = ["image/png", "image/jpeg", "image/webp", "image/gif"]

    /// Asks for the addresses; where there are none, for a picture in `pictures`, then the text.
    private static func requestURIs(_ clipboard: OpaquePointer?, thenPictures pictures: [String], request: UnsafeMutableRawPointer) {
        let next = Unmanaged.passRetained(PictureRequest(clipboard: clipboard, rest: pictures[...], request: request)).toOpaque()
        gtk_clipboard_request_uris(clipboard, { _, uris, data in
            let step = Unmanaged<PictureRequest>.fromOpaque(data!).takeRetainedValue()
            var list: [String] = []
            var index = 0
            while let uris, let uri = uris[index] {
                list.append(String(cString: uri))
                index += 1
            }
            guard list.isEmpty else {
                let received = Unmanaged<ClipboardRequest>.fromOpaque(step.request).takeRetainedValue().received
                MainActor.assumeIsolated { received(ClipboardContents(uris: list)) }
                return
            }
            MainActor.assumeIsolated { Clipboard.requestPicture(step.clipboard, targets: step.rest, request: step.request) }
        }, next)
    }

    /// Asks for the first of `targets`, then the next, then the text.
    private static func requestPicture(_ clipboard: OpaquePointer?, targets: ArraySlice<String>, request: UnsafeMutableRawPointer) {
        guard let target = targets.first else {
            gtk_clipboard_request_text(clipboard, { _, text, data in
                let received = Unmanaged<ClipboardRequest>.fromOpaque(data!).takeRetainedValue().received
                let string = text.map { String(cString: $0) }
                MainActor.assumeIsolated { received(ClipboardContents(text: string)) }
            }, request)
            return
        }
        let next = Unmanaged.passRetained(PictureRequest(clipboard: clipboard, rest: targets.dropFirst(), request: request)).toOpaque()
        gtk_clipboard_request_contents(clipboard, gdk_atom_intern(target, 0), { _, selection, data in
            let step = Unmanaged<PictureRequest>.fromOpaque(data!).takeRetainedValue()
            if let bytes = selection.flatMap(Clipboard.bytes(in:)), !bytes.isEmpty {
                let received = Unmanaged<ClipboardRequest>.fromOpaque(step.request).takeRetainedValue().received
                MainActor.assumeIsolated { received(ClipboardContents(picture: bytes)) }
                return
            }
            MainActor.assumeIsolated { Clipboard.requestPicture(step.clipboard, targets: step.rest, request: step.request) }
        }, next)
    }

    /// The bytes a selection carries, as they are.
    nonisolated static func bytes(in selection: OpaquePointer) -> [UInt8]? {
        var length: gint = 0
        guard let data = gtk_selection_data_get_data_with_length(selection, &length), length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: Int(length)))
    }
}
