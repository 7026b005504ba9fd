// Runs in its own process, tessera-server: the built-in backend on loopback.

import ArgumentParser
import FixtureServer
import Foundation
import Logging

/// Serves contracts.md on loopback, saying where; `--exit-when-input-ends` stops it with the app.
@main
struct TesseraServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera-server",
        abstract: "Tessera's local backend: feed, messages, facts, avatars, images and bad cases.")

    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0 picks a free one).") var port = 8080
    @Option(help: "Folder with media/ and avatars/.") var data = "data"
    @Option(help: "Probability (0-1) that a messages request fails.") var failRate = 0.0
    @Option(help: "Seed for generated data and failures.") var seed: UInt64 = 1
    @Option(help: "Posts in the media feed.") var feedPosts = 95
    @Option(help: "Messages in the chat history.") var messages = 200
    @Option(help: "Rows in the facts feed (the real feed's 14; more repeat them, numbered, with synthesized images).")
    var factsRows = 14
    @Option(help: "Largest side of a synthesized image, in pixels.") var maxSyntheticSide = 4096
    @Option(help: "A slow link every answer shares, in kilobits a second (0: loopback's own speed).") var linkKbps = 0
    @Option(help: "The slow link's latency, waited before each answer, in milliseconds.") var linkLatencyMs = 0
    @Option(help: "Others write a chat message every so many seconds (0: nobody does).") var chatter = 0.0
    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info
    @Flag(help: "Stop when standard input reaches its end (the app that started the server is gone).")
    var exitWhenInputEnds = false

    func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var configuration = FixtureServer.Configuration(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: data), failRate: failRate,
            seed: seed, feedPosts: feedPosts, messageCount: messages)
        configuration.maximumSyntheticSide = maxSyntheticSide
        configuration.factsRows = factsRows
        if linkKbps > 0 {
            configuration.link = LinkShape(bitsPerSecond: linkKbps * 1_000, latency: .milliseconds(linkLatencyMs))
        }
        let server = FixtureServer(configuration: configuration)
        if exitWhenInputEnds { stopWhenInputEnds(server) }
        if chatter > 0 {
            Task { [chatter] in
                while true {
                    try await Task.sleep(for: .seconds(chatter))
                    server.messagesArrive(1)
                }
            }
        }
        let host = host
        try await server.run { port in
            FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)/\n".utf8))
        }
    }

    /// Reads standard input on a thread of its own until it ends (or fails), then stops `server`.
    private func stopWhenInputEnds(_ server: FixtureServer) {
        let watcher = Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count > 0 || (count < 0 && errno == EINTR) { continue }
                break
            }
            Task { await server.stop() }
        }
        watcher.name = "input-watch"
        watcher.start()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
