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
