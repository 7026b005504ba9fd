import Localization

/// One of the People section's 20 people (seed people-core-data.md).
public struct Person: Equatable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    /// 1...20: which of the avatars is theirs.
    public var avatarNumber: Int
    /// Order in the list.
    public var position: Int
    /// Whether their avatar is stored (downloaded once, never again).
    public var hasAvatar: Bool

    public init(id: Int64, name: String, avatarNumber: Int, position: Int, hasAvatar: Bool = false) {
        self.id = id
        self.name = name
        self.avatarNumber = avatarNumber
        self.position = position
        self.hasAvatar = hasAvatar
    }

    /// The seed's names, in its order; person n has avatar n. Names stay as they are in every language.
    public static let seedNames = [
        "Adam", "Henry", "Jeremy", "Kyle", "Mark", "Douglas", "Marion", "Jade", "Madison", "Robert", // not translated
        "Peyton", "Rodney", "Lucas", "Sam", "Eugene", "Laurie", "Jason", "Edward", "Toby", "Johnny", // not translated
    ]

    /// What a screen reader says for the person's row.
    public var accessibleName: String {
        hasAvatar ? tr("{name}, avatar loaded", ["name": name.preview]) : tr("{name}, avatar loading", ["name": name.preview])
    }
}

/// The rule for a person's name: trimmed, not empty, at most `maximumLength` characters.
public enum PersonName {
    public static let maximumLength = 80

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case tooLong

        public var description: String {
            switch self {
            case .empty: tr("A name cannot be empty.")
            case .tooLong: ntr("A name can be at most {count} character long.", "A name can be at most {count} characters long.",
                                count: PersonName.maximumLength)
            }
        }
    }

    public static func validate(_ text: String) -> Result<String, Problem> {
        let trimmed = text.trimmedOfWhiteSpace()
        if trimmed.isEmpty { return .failure(.empty) }
        if trimmed.count > maximumLength { return .failure(.tooLong) }
        return .success(trimmed)
    }
}
