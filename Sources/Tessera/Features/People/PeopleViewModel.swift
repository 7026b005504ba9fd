import Domain
import Foundation
import Repositories
import Localization

/// People's state and intents, without GTK: the list observes the database; avatars asked as rows show.
@MainActor
public final class PeopleViewModel {
    public enum AvatarState: Equatable, Sendable {
        case stored
        case waiting
        case failed(String)
    }

    public struct State: Equatable, Sendable {
        public var people: [Person] = []
        public var isLoaded = false
        /// Set once, after the first launch stored the people.
        public var welcome = false
        /// Downloads that ended in failure, by person.
        public var failures: [Int64: String] = [:]
        /// A message for the user (a refused name, a failed write, a damaged database replaced).
        public var notice: String?
        /// Why the people could not be read (the database could not be opened); Retry tries again.
        public var failure: String?
        /// What the list is searched for (empty: everyone shows).
        public var filter = TextFilter("")
        /// The places in `people` of those the search lets through, in order; nil while nothing is typed.
        public var matching: [Int]?

        /// The people the list shows: those the search lets through, or everyone.
        public var found: [Person] { matching.map { $0.map { people[$0] } } ?? people }
        /// Something is typed and no one's name has it.
        public var isNoOneFound: Bool { matching?.isEmpty == true }

        /// Counted in place: a filtered copy at every change cost more than the change.
        public var storedAvatars: Int { people.reduce(0) { $0 + ($1.hasAvatar ? 1 : 0) } }

        public func avatarState(of person: Person) -> AvatarState {
            if person.hasAvatar { return .stored }
            if let failure = failures[person.id] { return .failed(failure) }
            return .waiting
        }
    }

    public private(set) var state = State()
    public var onChange: ((State) -> Void)?
    /// Called once, after the first launch's people have been stored (the welcome).
    public var onWelcome: (() -> Void)?
    private let store: any PeopleStoring
    private let downloader: AvatarDownloader
    private var observation: AnyObject?
    /// Rows in view now, top to bottom.
    private var inView: [Int64] = []

    public init(store: any PeopleStoring, downloader: AvatarDownloader) {
        self.store = store
        self.downloader = downloader
    }

    /// Stores the seed's people once, then follows the database; failures in `state.failure`.
    public func start() async {
        listenForOutcomes()
        state.failure = nil
        do {
            state.welcome = try await store.seedIfEmpty()
        } catch {
            state.failure = "\(error)"
            publish()
            return
        }
        if let replacement = store.replacementNotice { state.notice = replacement }
        if state.welcome { onWelcome?() }
        do {
            observation = try await store.observeEveryone(onError: { [weak self] error in
                self?.state.notice = tr("The people could not be read. {reason}", ["reason": "\(error)"])
                self?.publish()
            }, onChange: { [weak self] people in
                guard let self else { return }
                self.state.people = people
                // Names folded and found before were of the people before.
                self.foldedNames = nil
                self.matchedFilter = nil
                self.placesByID = nil
                self.foldNamesAhead()
                self.state.isLoaded = true
                self.applyFilter()
                self.publish()
                self.followers.removeAll { $0() == nil }
                self.followers.forEach { $0()?.told(people) }
                self.requestAvatarsInView()
            })
        } catch {
            state.failure = "\(error)"
        }
        publish()
    }

    /// Tries again after the database could not be opened.
    public func retry() async {
        guard state.failure != nil else { return }
        await start()
    }

    public func dismissWelcome() {
        state.welcome = false
        publish()
    }

    public func dismissNotice() {
        state.notice = nil
        publish()
    }

    /// The rows in view, top to bottom: their missing avatars are fetched in that order; rows gone drop behind.
    public func rowsInView(_ ids: [Int64]) {
        let left = Array(Set(inView).subtracting(ids))
        // A failed avatar is asked for again when its row comes back into view.
        for id in Set(ids).subtracting(inView) where state.failures[id] != nil { state.failures[id] = nil }
        inView = ids
        if !left.isEmpty {
            tellDownloader { await $0.setPriority(Self.backgroundPriority, for: left) }
        }
        requestAvatarsInView()
    }

    /// The last message to the downloader; each waits for the one before, so they arrive in order.
    private var lastMessage: Task<Void, Never>?

    private func tellDownloader(_ message: @escaping @Sendable (AvatarDownloader) async -> Void) {
        let previous = lastMessage, downloader = self.downloader
        lastMessage = Task {
            await previous?.value
            await message(downloader)
        }
    }

    /// The avatars' address changed: failed avatars are asked again, those in view first.
    public func retryFailedAvatars() {
        guard !state.failures.isEmpty else { return }
        state.failures = [:]
        publish()
        requestAvatarsInView()
    }

    static let visiblePriority = 10
    static let backgroundPriority = 0

    /// Each person's place in `state.people`, made once per change of the people, not at every scroll step.
    private var placesByID: [Int64: Int]?

    private func requestAvatarsInView() {
        let places = placesByID ?? Dictionary(state.people.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        placesByID = places
        let wanted = inView.compactMap { places[$0].map { state.people[$0] } }.filter { !$0.hasAvatar && state.failures[$0.id] == nil }
        guard !wanted.isEmpty else { return }
        // One call for the screen keeps the rows' order; rows already queued move up to the visible priority.
        tellDownloader { await $0.enqueue(wanted, priority: Self.visiblePriority) }
    }

    private func listenForOutcomes() {
        guard outcomeListener == nil else { return }
        let outcomes = downloader.outcomes
        outcomeListener = Task { [weak self] in
            for await (id, outcome) in outcomes {
                guard let self else { return }
                switch outcome {
                case .failed(let reason):
                    self.state.failures[id] = reason
                    self.publish()
                case .stored where self.state.failures[id] != nil:
                    // A try after a stall brought it: the failure shown meanwhile goes.
                    self.state.failures[id] = nil
                    self.publish()
                case .stored:
                    break
                }
            }
        }
    }

    private var outcomeListener: Task<Void, Never>?

    /// Saves a new name off the main actor; blank is refused with a message. The list changes on commit.
    @discardableResult
    public func rename(_ id: Int64, to text: String) -> PersonName.Problem? {
        guard let person = state.people.first(where: { $0.id == id }) else { return nil }
        switch PersonName.validate(text) {
        case .failure(let problem):
            state.notice = tr("{problem} “{name}” was kept.", ["problem": problem.description, "name": person.name])
            publish()
            return problem
        case .success(let name):
            guard name != person.name else { return nil }
            let store = self.store
            let number = nextRenameNumber
            nextRenameNumber += 1
            renamesUnderWay[number] = Task { [weak self] in
                do {
                    try await store.rename(personID: id, to: name)
                } catch {
                    self?.state.notice = tr("“{name}” could not be renamed. {reason}", ["name": person.name, "reason": "\(error)"])
                    self?.publish()
                }
                self?.renamesUnderWay[number] = nil
            }
            return nil
        }
    }

    /// Renames whose writes have not finished; each removes itself when it ends.
    private var renamesUnderWay: [Int: Task<Void, Never>] = [:]
    private var nextRenameNumber = 0

    /// Returns once every rename so far is written or failed: the app waits for it before it exits.
    public func finishRenames() async {
        while let task = renamesUnderWay.values.first {
            await task.value
        }
    }

    public func person(_ id: Int64) -> Person? { state.people.first { $0.id == id } }

    /// Shows only the people whose names have every word of `typed`, case and accents ignored.
    public func search(_ typed: String) {
        let filter = TextFilter(typed)
        guard filter != state.filter else { return }
        state.filter = filter
        applyFilter()
        publish()
    }

    /// Folded names by place, once per change; nil until a search needs them.
    private var foldedNames: [String]?
    /// Folding the people's names off the main thread after they change.
    private var folding: Task<Void, Never>?
    /// Counts the changes of the people (a folding finished for older people is dropped).
    private var peopleChanges = 0

    /// Folds the names on another thread before the first key is typed; a key typed sooner folds them itself.
    private func foldNamesAhead() {
        peopleChanges += 1
        let change = peopleChanges, names = state.people.map(\.name)
        folding?.cancel()
        folding = Task { [weak self] in
            let folded = await Task.detached(priority: .utility) { names.map(TextFilter.folded) }.value
            guard let self, self.peopleChanges == change, self.foldedNames == nil else { return }
            self.foldedNames = folded
        }
    }

    /// The filter `state.matching` answers, for the same people.
    private var matchedFilter: TextFilter?

    private func applyFilter() {
        guard !state.filter.isEmpty else {
            state.matching = nil
            matchedFilter = nil
            return
        }
        // A narrowing key looks only among those found before; any other through everyone.
        let among = matchedFilter.flatMap { state.filter.narrows($0) ? state.matching : nil }
        state.matching = places(matching: state.filter, among: among)
        matchedFilter = state.filter
    }

    /// The people whose names have every word of `typed`, in the list's order (for GNOME Shell's search).
    public func people(matching typed: String) -> [Person] {
        let filter = TextFilter(typed)
        return filter.isEmpty ? [] : places(matching: filter).map { state.people[$0] }
    }

    /// The places in `state.people` (of `among`, when given) whose names `filter` lets through.
    private func places(matching filter: TextFilter, among: [Int]? = nil) -> [Int] {
        let names = foldedNames ?? state.people.map { TextFilter.folded($0.name) }
        foldedNames = names
        guard let among else { return names.indices.filter { filter.matches(folded: names[$0]) } }
        return among.filter { filter.matches(folded: names[$0]) }
    }

    private func publish() {
        if state.isLoaded || state.failure != nil {
            let waiting = waitingForPeople
            waitingForPeople = []
            waiting.forEach { $0.resume() }
        }
        onChange?(state)
    }

    /// Calls `told` with everyone after each change read from the database, while the result lives.
    public func follow(_ told: @escaping @MainActor ([Person]) -> Void) -> AnyObject {
        let follower = PeopleFollower(told: told)
        followers.append { [weak follower] in follower }
        if state.isLoaded { told(state.people) }
        return follower
    }
    private var followers: [() -> PeopleFollower?] = []

    /// Callers of `loaded()` still waiting.
    private var waitingForPeople: [CheckedContinuation<Void, Never>] = []
    /// Whether `startOnce()` started the model.
    private var hasStarted = false

    /// `start()` the first time only: the first frame starts it, or a GNOME Shell search before any window.
    public func startOnce() async {
        guard !hasStarted else { return }
        hasStarted = true
        await start()
    }

    /// Returns once the people have been read from the database (or reading them failed).
    public func loaded() async {
        if state.isLoaded || state.failure != nil { return }
        await withCheckedContinuation { waitingForPeople.append($0) }
    }
}

@MainActor
final class PeopleFollower {
    let told: @MainActor ([Person]) -> Void
    init(told: @escaping @MainActor ([Person]) -> Void) { self.told = told }
}
