// Runs in tessera-server, and in the test processes: never in the app.

import Foundation
import Hummingbird

/// The facts feed with the real one's quirks: Latin-1 without charset, nulls, odd spaces and links.
struct FactsRoutes {
    let media: MediaLibrary
    /// Holds the answers a test asked to be held.
    let gate: FactsGate
    /// Titles and descriptions in place of the rows' own, by row.
    var texts: [Int: FactText] = [:]
    /// Rows in the feed: the real feed's 14, then as many more as asked (`feed(host:texts:rows:)`).
    var rows = Self.realRows
    /// The real feed's length.
    static let realRows = 14
    /// Feeds that go silent mid-transfer (see `Configuration.silentFactsFeeds`).
    var silence = SilentAnswers(times: 0)

    /// Drawings for each row under /facts/images/, made by data/make-media.sh.
    static let imageNames: Set<String> = [
        "beaver.jpg", "flag.png", "train.jpg", "hockey.jpg", "house.jpg", "moose.jpg", "geography.jpg",
        "Kittens (cute).jpg", "mounties.jpg", "language.png",
    ]

    func register(on router: Router<FixtureContext>) {
        // With an ETag of its bytes, and 304 to a request that has it.
        router.get("facts.json") { request, _ -> Response in
            await gate.wait(for: "facts.json")
            if silence.goesSilent() {
                return SilentAnswers.response(Self.feed(host: request.authorityForLinks, texts: texts, rows: rows), contentType: "text/plain")
            }
            return media.bytes(Self.feed(host: request.authorityForLinks, texts: texts, rows: rows), type: "text/plain", request: request)
        }
        router.get("facts/images/:name") { request, context -> Response in
            let name = (context.parameters.get("name") ?? "").removingPercentEncoding ?? ""
            guard Self.imageNames.contains(name) else { return Response(status: .notFound) }
            await gate.wait(for: name)
            return media.serve(media.dataDirectory.appendingPathComponent("facts").appendingPathComponent(name), request: request)
        }
    }

    /// Not valid UTF-8 on purpose; past 14 rows they repeat numbered with synthesized images.
    static func feed(host: String, texts: [Int: FactText] = [:], rows count: Int = realRows) -> Data {
        let image = "http://\(host)/facts/images/"
        func row(_ title: String?, _ description: String?, _ href: String?) -> String {
            func value(_ string: String?) -> String {
                guard let string else { return "null" }
                let escaped = string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    .replacingOccurrences(of: "/", with: "\\/")
                return "\"\(escaped)\""
            }
            return "\t{\n\t\"title\":\(value(title)),\n\t\"description\":\(value(description)),\n\t\"imageHref\":\(value(href))\n\t}"
        }
        var rows: [(title: String?, description: String?, href: String?)] = [
            ("Beavers", "Beavers are second only to humans in how much they reshape the land they live on.", image + "beaver.jpg"),
            ("Flag", nil, image + "flag.png"),
            ("Transportation", "It is a well known fact that polar bears are the main mode of transportation in Canada. They use less fuel than cars and are far more fun.", image + "train.jpg"),
            ("Hockey Night in Canada", "These Saturday night games are watched in homes and bars across the country.", image + "hockey.jpg"),
            ("Eh", "A chiefly Canadian interrogative utterance, usually expressing surprise or doubt or seeking confirmation.", nil),
            ("Housing", "Warmer than you might think.", image + "house.jpg"),
            ("Public Shame", " Sadly it's true.", image + "missing-shame.jpg"),
            (nil, nil, nil),
            ("Space Program", "Canada hopes to soon launch a man to the moon.", image + "missing-rocket.jpg"),
            ("Meese", "A moose is a common sight in Canada. Tall and majestic, they can weigh over 700 kg and swim at 10 km/h.", image + "moose.jpg"),
            ("Geography", "It's really big.", "http://[broken-host/facts/images/geography.jpg"),
            ("Kittens...", "@LATIN1@are illegal. Cats are fine.", image + "Kittens%20(cute).jpg"),
            ("Mounties", "They are the law. It is also true that they get their man.", image + "mounties.jpg"),
            ("Language", "Nous parlons tous les langues importants.", image + "language.png"),
        ]
        let real = rows
        for index in real.count..<max(real.count, count) {
            let (round, base) = index.quotientAndRemainder(dividingBy: real.count)
            let source = real[base]
            // 240-720 wide, 180-900 high: portraits, landscapes and squares in every column.
            let width = 240 + (index * 37) % 481, height = 180 + (index * 53) % 721
            let href = source.href == nil ? nil : "http://\(host)/synthetic/\(index)/\(width)x\(height).jpg"
            rows.append((source.title.map { "\($0) \(round + 1)" }, source.description, href))
        }
        for (index, text) in texts where rows.indices.contains(index) {
            rows[index].title = text.title
            rows[index].description = text.description
        }
        let text = "{\n\"title\":\"About Canada\",\n\"rows\":[\n" + rows.map { row($0.title, $0.description, $0.href) }.joined(separator: ",\n") + "\n]\n}\n"
        var bytes = Data()
        for (index, part) in text.components(separatedBy: "@LATIN1@").enumerated() {
            if index > 0 { bytes.append(0xC9) } // "É" in ISO-8859-1, alone: invalid UTF-8
            bytes.append(Data(part.utf8))
        }
        return bytes
    }
}

/// A facts row's title and description, served in place of the row's own (its image link stays).
public struct FactText: Sendable {
    public var title: String?
    public var description: String?
    public init(title: String?, description: String?) {
        self.title = title
        self.description = description
    }
}
