import CGtk

extension OpaquePointer {
    /// Reinterprets a GObject instance pointer as another C struct pointer (the C cast macros).
    func cast<T>() -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(self) }
    var gObject: UnsafeMutablePointer<GObject> { cast() }
}

extension UnsafeMutableRawPointer {
    /// Reinterprets a GObject instance pointer as another C struct pointer (the C cast macros).
    func cast<T>() -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(OpaquePointer(self)) }
}

/// Copies the pointers out of a GList and frees the list (not its data).
func consumeList(_ list: UnsafeMutablePointer<GList>?) -> [UnsafeMutableRawPointer] {
    var result: [UnsafeMutableRawPointer] = []
    var node = list
    while let current = node {
        if let data = current.pointee.data { result.append(data) }
        node = current.pointee.next
    }
    g_list_free(list)
    return result
}

/// The strings of a NULL-terminated list GLib handed over ("transfer full"), which is freed.
func takingStrings(_ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
    guard let list else { return [] }
    defer { g_strfreev(list) }
    var strings: [String] = []
    var index = 0
    while let item = list[index] {
        strings.append(String(cString: item))
        index += 1
    }
    return strings
}
