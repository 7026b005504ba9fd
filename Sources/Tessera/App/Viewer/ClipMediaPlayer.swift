import Foundation
import Gtk

/// The viewer's clip as an MPRIS player on the session bus (org.mpris.MediaPlayer2): media keys and GNOME's
/// media controls play, pause, seek and move to the next item. On the bus while a clip shows, gone after.
@MainActor
final class ClipMediaPlayer {
    static let busName = "org.mpris.MediaPlayer2.tessera" // not translated
    static let objectPath = "/org/mpris/MediaPlayer2" // not translated
    static let playerInterface = "org.mpris.MediaPlayer2.Player" // not translated
    private weak var page: ViewerPage?
    private var export: DBusExport?
    /// What listeners were told last, to tell them only changes.
    private var toldStatus: String?
    private var toldTrack: String?

    init(page: ViewerPage) {
        self.page = page
    }

    /// On the bus while the item shown is a clip (nothing without a session bus), off it otherwise.
    func follow() {
        guard let page, page.item.kind == .clip else { return leave() }
        if export == nil {
            export = try? DBusExport(path: Self.objectPath, interfaceXML: Self.interfaceXML,
                                     handler: { [weak self] call in self?.handle(call) },
                                     properties: { [weak self] interface, name in self?.property(interface, name) })
            export?.ownName(Self.busName)
        }
        changed()
    }

    func leave() {
        export = nil
        toldStatus = nil
        toldTrack = nil
    }

    /// Tells listeners what changed of the playing state and the clip (its length comes once known).
    func changed() {
        guard let export else { return }
        var changes: [(String, DBusValue)] = []
        if status != toldStatus {
            toldStatus = status
            changes.append(("PlaybackStatus", .string(status))) // not translated
        }
        let track = "\(trackID) \(String(describing: page?.clip.player?.duration))" // not translated
        if track != toldTrack {
            toldTrack = track
            changes += ["Metadata", "CanGoNext", "CanGoPrevious", "CanSeek"].compactMap { name in // not translated
                property(Self.playerInterface, name).map { (name, $0) }
            }
        }
        if !changes.isEmpty { export.propertiesChanged(Self.playerInterface, changes) }
    }

    /// MPRIS's words for it, never shown.
    private var status: String {
        guard let player = page?.clip.player else { return "Stopped" } // not translated
        return player.isPlaying ? "Playing" : "Paused" // not translated
    }

    /// The clip's identity for SetPosition: its place among the viewer's items.
    private var trackID: String { "/dev/tessera/Tessera/Item\(page?.index ?? 0)" } // not translated

    private var position: Duration { page?.clip.player?.position ?? .zero }

    private func property(_ interface: String, _ name: String) -> DBusValue? {
        guard let page else { return nil }
        let player = page.clip.player
        switch (interface, name) {
        case (_, "CanQuit"), (_, "HasTrackList"): return .boolean(false) // not translated
        case (_, "CanRaise"): return .boolean(true) // not translated
        case (_, "Identity"): return .string("Tessera") // not translated
        case (_, "DesktopEntry"): return .string(TesseraApp.applicationID) // not translated
        case (_, "SupportedUriSchemes"), (_, "SupportedMimeTypes"): return .strings([]) // not translated
        case (_, "PlaybackStatus"): return .string(status) // not translated
        case (_, "Rate"), (_, "MinimumRate"), (_, "MaximumRate"): return .double(1) // not translated
        case (_, "Volume"): return .double(player?.isMuted == true ? 0 : 1) // not translated
        case (_, "Position"): return .integer(Int64(position.microseconds)) // not translated
        case (_, "CanGoNext"): return .boolean(page.index < page.items.count - 1) // not translated
        case (_, "CanGoPrevious"): return .boolean(page.index > 0) // not translated
        case (_, "CanPlay"), (_, "CanPause"), (_, "CanControl"): return .boolean(true) // not translated
        case (_, "CanSeek"): return .boolean(player?.duration != nil) // not translated
        case (_, "Metadata"): // not translated
            var entries: [(String, DBusValue)] = [("mpris:trackid", .objectPath(trackID)), ("xesam:title", .string(page.item.name)), // not translated
                                                  ("xesam:url", .string(page.item.url.absoluteString))] // not translated
            if let duration = player?.duration { entries.append(("mpris:length", .integer(Int64(duration.microseconds)))) } // not translated
            return .dictionary(entries)
        default: return nil
        }
    }

    private func handle(_ call: DBusMethodCall) {
        guard let page else { return call.fail("The viewer closed") } // not translated
        let clip = page.clip
        switch call.method {
        case "Raise": page.window()?.present() // not translated
        case "Quit": break // not translated
        case "PlayPause": clip.togglePlaying() // not translated
        case "Play" where !clip.isPlaying, "Pause" where clip.isPlaying: clip.togglePlaying() // not translated
        case "Play", "Pause": break // not translated
        case "Stop": // not translated
            if clip.isPlaying { clip.togglePlaying() }
            seek(to: .zero)
        case "Next": page.show(page.index + 1) // not translated
        case "Previous": page.show(page.index - 1) // not translated
        case "Seek": // not translated
            seek(to: position + .microseconds(call.integer(at: 0) ?? 0))
        case "SetPosition": // not translated
            guard call.arguments.first == .objectPath(trackID), let target = call.integer(at: 1),
                  let duration = clip.player?.duration, (0...Int64(duration.microseconds)).contains(target) else { break }
            seek(to: .microseconds(target))
        default:
            return call.fail("No method \(call.method)") // not translated
        }
        call.reply()
        changed()
    }

    /// Seeks within the clip and says where it went (`Seeked`).
    private func seek(to target: Duration) {
        guard let duration = page?.clip.player?.duration else { return }
        let position = min(max(target, .zero), duration)
        page?.clip.seek(to: position)
        export?.emit(Self.playerInterface, "Seeked", [.integer(Int64(position.microseconds))]) // not translated
    }

    /// Attributes in single quotes: this is XML for GDBus, not words for people (po/check-marked.py).
    static let interfaceXML = """
        <node>
          <interface name='org.mpris.MediaPlayer2'>
            <method name='Raise'/>
            <method name='Quit'/>
            <property name='CanQuit' type='b' access='read'/>
            <property name='CanRaise' type='b' access='read'/>
            <property name='HasTrackList' type='b' access='read'/>
            <property name='Identity' type='s' access='read'/>
            <property name='DesktopEntry' type='s' access='read'/>
            <property name='SupportedUriSchemes' type='as' access='read'/>
            <property name='SupportedMimeTypes' type='as' access='read'/>
          </interface>
          <interface name='org.mpris.MediaPlayer2.Player'>
            <method name='Next'/>
            <method name='Previous'/>
            <method name='Pause'/>
            <method name='PlayPause'/>
            <method name='Stop'/>
            <method name='Play'/>
            <method name='Seek'><arg name='Offset' type='x' direction='in'/></method>
            <method name='SetPosition'>
              <arg name='TrackId' type='o' direction='in'/>
              <arg name='Position' type='x' direction='in'/>
            </method>
            <signal name='Seeked'><arg name='Position' type='x'/></signal>
            <property name='PlaybackStatus' type='s' access='read'/>
            <property name='Rate' type='d' access='read'/>
            <property name='Metadata' type='a{sv}' access='read'/>
            <property name='Volume' type='d' access='read'/>
            <property name='Position' type='x' access='read'/>
            <property name='MinimumRate' type='d' access='read'/>
            <property name='MaximumRate' type='d' access='read'/>
            <property name='CanGoNext' type='b' access='read'/>
            <property name='CanGoPrevious' type='b' access='read'/>
            <property name='CanPlay' type='b' access='read'/>
            <property name='CanPause' type='b' access='read'/>
            <property name='CanSeek' type='b' access='read'/>
            <property name='CanControl' type='b' access='read'/>
          </interface>
        </node>
        """ // not translated
}

extension Duration {
    var microseconds: Int { Int(components.seconds) * 1_000_000 + Int(components.attoseconds / 1_000_000_000_000) }
}
