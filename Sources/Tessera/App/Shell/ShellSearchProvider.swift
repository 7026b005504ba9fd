import Domain
import Features
import Gtk
import ImagePipeline
import Localization

/// GNOME Shell's people search (`SearchProvider2`) with avatars; it can start Tessera as a service.
@MainActor
final class ShellSearchProvider {
    static let objectPath = "/dev/tessera/Tessera/SearchProvider"
    static let interfaceXML = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """ // not translated
    /// A search-started process waits this long: the Shell asks at every key.
    static let idleTimeout: Duration = .seconds(20)
    /// The avatars' size in the Shell's results (its icons are 64 pixels, twice that at scale 2).
    static let avatarSize = 128

    /// What the provider asks of the app.
    struct Actions {
        /// Starts the people's model if the window has not (the first search before any window).
        let startPeople: @MainActor () -> Void
        /// Opens the window on a person.
        let open: @MainActor (Person) -> Void
        /// Opens the window on People, searching for the text.
        let search: @MainActor (String) -> Void
        /// Keeps the process while a call is answered (a service would end meanwhile otherwise).
        let hold: @MainActor () -> Void
        let release: @MainActor () -> Void
    }

    /// Made on the first call, not at start-up (the database and the pipeline wait for a need).
    private let makeModel: @MainActor () -> PeopleViewModel
    private let makeAvatars: @MainActor () -> ImagePipeline
    private var model: PeopleViewModel { makeModel() }
    private var avatars: ImagePipeline { makeAvatars() }
    private let actions: Actions
    private var export: DBusExport?

    init(model: @escaping @MainActor () -> PeopleViewModel, avatars: @escaping @MainActor () -> ImagePipeline, actions: Actions) {
        makeModel = model
        makeAvatars = avatars
        self.actions = actions
    }

    /// Puts the provider on the session bus; throws when there is none.
    func start() throws(GtkError) {
        guard export == nil else { return }
        export = try DBusExport(path: Self.objectPath, interfaceXML: Self.interfaceXML) { [weak self] call in
            self?.handle(call)
        }
    }

    private func handle(_ call: DBusMethodCall) {
        actions.hold()
        Task { [weak self] in
            defer { self?.actions.release() }
            guard let self else { return call.fail("Tessera is closing") } // not translated
            await self.answer(call)
        }
    }

    private func answer(_ call: DBusMethodCall) async {
        switch call.method {
        case "GetInitialResultSet":
            call.reply([.strings(await found(call.strings(at: 0), among: nil))])
        case "GetSubsearchResultSet":
            call.reply([.strings(await found(call.strings(at: 1), among: call.strings(at: 0)))])
        case "GetResultMetas":
            call.reply([.dictionaries(await metas(call.strings(at: 0)))])
        case "ActivateResult":
            await peopleRead()
            if let person = call.string(at: 0).flatMap(Int64.init).flatMap(model.person) {
                actions.open(person)
            } else {
                actions.search(call.strings(at: 1).joined(separator: " "))
            }
            call.reply()
        case "LaunchSearch":
            actions.search(call.strings(at: 0).joined(separator: " "))
            call.reply()
        default:
            call.fail("No method \(call.method)") // not translated
        }
    }

    private func peopleRead() async {
        actions.startPeople()
        await model.loaded()
    }

    /// Matching identifiers in list order, only among `previous` when the Shell narrows.
    private func found(_ terms: [String], among previous: [String]?) async -> [String] {
        await peopleRead()
        let allowed = previous.map(Set.init)
        return model.people(matching: terms.joined(separator: " "))
            .map { String($0.id) }
            .filter { allowed?.contains($0) ?? true }
    }

    /// Names and avatars we decoded (the Shell never decodes stored bytes), else the theme's avatar.
    private func metas(_ identifiers: [String]) async -> [[(String, DBusValue)]] {
        await peopleRead()
        var metas: [[(String, DBusValue)]] = []
        for identifier in identifiers {
            guard let person = Int64(identifier).flatMap(model.person) else { continue }
            var meta: [(String, DBusValue)] = [("id", .string(identifier)), ("name", .string(person.name))]
            let request = ImageRequest(url: StoredAvatar.url(personID: person.id), maximumPixelSize: Self.avatarSize)
            if person.hasAvatar, let avatar = try? await avatars.image(for: request) {
                meta.append(("icon", .iconFromPixbuf(avatar.pixbuf, keptBy: avatar)))
            } else {
                meta.append(("icon", .themedIcon("avatar-default"))) // not translated
            }
            meta.append(("description", .string(tr("Person in Tessera"))))
            metas.append(meta)
        }
        return metas
    }
}
