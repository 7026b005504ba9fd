import CIntl

/// The text domain: catalogues are `<folder>/<language>/LC_MESSAGES/tessera.mo`.
public let textDomain = "tessera"

/// `text` translated; a literal for xgettext, values by name so translations may reorder them.
public func tr(_ text: StaticString, _ values: KeyValuePairs<String, String> = [:]) -> String {
    let translated = text.description.withCString { String(cString: dgettext(textDomain, $0)) }
    return substitute(values, in: translated)
}

/// The plural form `count` takes (ngettext; Russian has three), with `{count}` and `values` put in.
public func ntr(_ singular: StaticString, _ plural: StaticString, count: Int,
                _ values: KeyValuePairs<String, String> = [:]) -> String {
    let translated = singular.description.withCString { one in
        plural.description.withCString { many in
            String(cString: dngettext(textDomain, one, many, UInt(max(0, count))))
        }
    }
    var all = Array(values)
    all.append(("count", String(count)))
    return substitute(all, in: translated)
}

/// Each `{name}` replaced in one pass; an unknown name stays visible as a mistake.
func substitute<Values: Sequence<(key: String, value: String)>>(_ values: Values, in text: String) -> String {
    guard text.contains("{") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        guard let close = rest[open...].firstIndex(of: "}") else { return result + rest[open...] }
        let name = rest[rest.index(after: open)..<close]
        if let value = values.first(where: { $0.key == name })?.value {
            result += value
        } else {
            result += rest[open...close]
        }
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}
