import CGtk

/// The desktop's clipboard (Ctrl+C, Ctrl+V).
@MainActor
public enum Clipboard {
    public static func setText(_ text: String) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        gtk_clipboard_set_text(clipboard, text, gint(text.utf8.count))
    }

    /// Puts a picture on the clipboard; GTK offers it in every format gdk-pixbuf writes (PNG
    /// first) to whoever pastes.
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

    /// What the clipboard holds, asked of its owner without holding up the main loop: the
    /// addresses it offers (files copied in Files, links), else its text; `received` is called
    /// once with both (empty and nil when it holds neither).
    public static func requestAddressesOrText(_ received: @escaping @MainActor (_ uris: [String], _ text: String?) -> Void) {
        let clipboard = gtk_clipboard_get(gdk_atom_intern_static_string("CLIPBOARD"))
        let box = Unmanaged.passRetained(ClipboardRequest(received: received)).toOpaque()
        gtk_clipboard_request_uris(clipboard, { clipboard, uris, data in
            let request = Unmanaged<ClipboardRequest>.fromOpaque(data!)
            var list: [String] = []
            var index = 0
            while let uris, let uri = uris[index] {
                list.append(String(cString: uri))
                index += 1
            }
            guard list.isEmpty else {
                let received = request.takeRetainedValue().received
                MainActor.assumeIsolated { received(list, nil) }
                return
            }
            gtk_clipboard_request_text(clipboard, { _, text, data in
                let received = Unmanaged<ClipboardRequest>.fromOpaque(data!).takeRetainedValue().received
                let string = text.map { String(cString: $0) }
                MainActor.assumeIsolated { received([], string) }
            }, data)
        }, box)
    }
}

/// A clipboard request's answer, carried through GTK's callbacks.
private final class ClipboardRequest {
    let received: @MainActor ([String], String?) -> Void
    init(received: @escaping @MainActor ([String], String?) -> Void) { self.received = received }
}
