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

    /// The plugins a first frame needs, from .ci/install-deps.sh's packages: source, type finding, decodebin,
    /// the web's containers (MP4, WebM, Matroska, Ogg), audio parsers, decoders, conversion, sink.
    public static let posterPlugins = ["coreelements", "typefindfunctions", "playback", "app", "isomp4", "matroska", "ogg",
                                       "audioparsers", "id3demux", "libav", "vpx", "theora", "videoconvertscale"]

    /// What playing a clip adds (the helper decodes its sound too): conversion and resampling to
    /// the app's one format, and the sound decoders outside libav (Opus, Vorbis).
    public static let playerPlugins = posterPlugins + ["audioconvert", "audioresample", "opus", "vorbis"]

    /// Loads `plugins` now, before a helper is confined (afterwards it can open no file); returns
    /// those that could not be loaded (not installed).
    public static func load(_ plugins: [String]) -> [String] {
        guard startFailure == nil else { return plugins }
        return plugins.filter { tessera_gst_load_plugin($0) == 0 }
    }

    /// `load`, in a helper about to confine itself: plugins that are not installed are said on
    /// standard error, which the app's log keeps (the clips that need them fail in words).
    public static func loadBeforeConfinement(_ plugins: [String], program: String) {
        let missing = load(plugins)
        if !missing.isEmpty {
            _ = HelperProgram.write("\(program): plugins not installed: \(missing.joined(separator: ", "))\n", to: STDERR_FILENO) // not translated
        }
    }
}
