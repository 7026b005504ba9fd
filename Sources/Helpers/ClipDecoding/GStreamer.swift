import CGStreamer
import FoundationEssentials
import Glibc
import HelperPipes

/// GStreamer's one-time start-up (loading its libraries, then gst_init), safe from any thread.
public enum GStreamer {
    /// Nil once GStreamer is ready; otherwise why it is not.
    public static var startFailure: String? {
        tessera_gst_start().map { String(cString: $0) }
    }

    /// What a first frame needs from .ci/install-deps.sh's packages: the web's containers and decoders.
    public static let posterPlugins = ["coreelements", "typefindfunctions", "playback", "app", "isomp4", "matroska", "ogg",
                                       "audioparsers", "id3demux", "libav", "vpx", "theora", "videoconvertscale"]

    /// Playing adds sound: conversion to the app's one format, and Opus and Vorbis decoders.
    public static let playerPlugins = posterPlugins + ["audioconvert", "audioresample", "opus", "vorbis"]

    /// Loads `plugins` before confinement (after it no file opens); returns those not installed.
    public static func load(_ plugins: [String]) -> [String] {
        guard startFailure == nil else { return plugins }
        return plugins.filter { tessera_gst_load_plugin($0) == 0 }
    }

    /// `load` before confining, missing plugins said on stderr, which the app's log keeps.
    public static func loadBeforeConfinement(_ plugins: [String], program: String) {
        let missing = load(plugins)
        if !missing.isEmpty {
            _ = HelperProgram.write("\(program): plugins not installed: \(missing.joined(separator: ", "))\n", to: STDERR_FILENO) // not translated
        }
    }
}
