import ArgumentParser
import FixtureServer
import Foundation
import Logging

/// Serves shared/contracts.md on loopback for the app, its tests and its benchmarks.
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
    @Option(help: "Largest side of a synthesized image, in pixels.") var maxSyntheticSide = 4096

    func run() async throws {
        var configuration = FixtureServer.Configuration(
            host: host, port: port, dataDirectory: URL(fileURLWithPath: data), failRate: failRate,
            seed: seed, feedPosts: feedPosts, messageCount: messages)
        configuration.maximumSyntheticSide = maxSyntheticSide
        let server = FixtureServer(configuration: configuration)
        try await server.run()
    }
}
