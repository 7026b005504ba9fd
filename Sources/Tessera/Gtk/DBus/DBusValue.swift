import CGtk

/// A value sent over D-Bus, in the shapes Tessera's interfaces answer with.
public indirect enum DBusValue {
    /// `s`
    case string(String)
    /// `b`
    case boolean(Bool)
    /// `x`
    case integer(Int64)
    /// `d`
    case double(Double)
    /// `o`
    case objectPath(String)
    /// `as`
    case strings([String])
    /// `a{sv}`: a dictionary of named values, each boxed as a variant.
    case dictionary([(String, DBusValue)])
    /// `aa{sv}`
    case dictionaries([[(String, DBusValue)]])
    /// A pixbuf we decoded (kept by `keptBy`) as a serialized icon, so the Shell never reads a server's bytes.
    case iconFromPixbuf(OpaquePointer, keptBy: AnyObject)
    /// An icon of the theme, by name, as a serialized `GThemedIcon` (`v`).
    case themedIcon(String)

    /// The value as a new floating GVariant (the caller's container takes it).
    func makeVariant() -> OpaquePointer {
        switch self {
        case .string(let text):
            return g_variant_new_string(text)
        case .boolean(let value):
            return g_variant_new_boolean(value ? 1 : 0)
        case .integer(let value):
            return g_variant_new_int64(gint64(value))
        case .double(let value):
            return g_variant_new_double(value)
        case .objectPath(let path):
            return g_variant_new_object_path(path)
        case .strings(let texts):
            return withCStrings(texts) { g_variant_new_strv($0, gssize(texts.count)) }
        case .dictionary(let entries):
            let type = g_variant_type_new("{sv}")
            defer { g_variant_type_free(type) }
            var children: [OpaquePointer?] = entries.map { key, value in
                g_variant_new_dict_entry(g_variant_new_string(key), value.makeBoxed())
            }
            return g_variant_new_array(type, &children, gsize(children.count))
        case .dictionaries(let dictionaries):
            let type = g_variant_type_new("a{sv}")
            defer { g_variant_type_free(type) }
            var children: [OpaquePointer?] = dictionaries.map { DBusValue.dictionary($0).makeVariant() }
            return g_variant_new_array(type, &children, gsize(children.count))
        case .iconFromPixbuf(let pixbuf, let owner):
            return withExtendedLifetime(owner) { Self.serialized(pixbuf) }
        case .themedIcon(let name):
            let icon = g_themed_icon_new(name)
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            return Self.serialized(icon)
        }
    }

    /// The value boxed as a variant (`v`), for a dictionary: an icon is boxed already.
    private func makeBoxed() -> OpaquePointer {
        switch self {
        case .iconFromPixbuf, .themedIcon: makeVariant()
        default: g_variant_new_variant(makeVariant())
        }
    }

    /// `icon` serialized (`g_icon_serialize`), as a floating variant.
    private static func serialized(_ icon: OpaquePointer?) -> OpaquePointer {
        // g_icon_serialize gives a full reference; the variant boxing it takes its own.
        let serialized = g_icon_serialize(icon)!
        defer { g_variant_unref(serialized) }
        return g_variant_new_variant(serialized)
    }
}

/// `body` with `texts` as a C array of C strings.
private func withCStrings<T>(_ texts: [String], _ body: (UnsafePointer<UnsafePointer<gchar>?>) -> T) -> T {
    let copies = texts.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer<gchar>($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
