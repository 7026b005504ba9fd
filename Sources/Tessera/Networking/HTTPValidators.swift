/// A body's `ETag` and `Last-Modified`, sent back as `If-None-Match` and `If-Modified-Since` for a 304.
public struct HTTPValidators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    /// A response's validators (header names in lower case, as `HTTPResponse` has them).
    public init(headers: [String: String]) {
        self.init(etag: headers["etag"], lastModified: headers["last-modified"])
    }

    public var isEmpty: Bool { etag == nil && lastModified == nil }

    /// The headers that ask whether the body changed.
    public var conditionalHeaders: [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }

    /// `If-Range`'s value: a strong ETag, else the date (weak ETags may not be used); nil for neither.
    public var rangeValidator: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }

    /// These, with what `newer` (a 304's headers) repeated taking their place.
    public func updated(by newer: HTTPValidators) -> HTTPValidators {
        HTTPValidators(etag: newer.etag ?? etag, lastModified: newer.lastModified ?? lastModified)
    }
}
