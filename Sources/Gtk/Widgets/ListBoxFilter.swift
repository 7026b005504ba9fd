/// A list's filter (`ListBox.setFilter`), carried through GTK's callback: whether the row at an
/// index shows.
final class ListBoxFilter {
    let shows: @MainActor (Int) -> Bool
    init(_ shows: @escaping @MainActor (Int) -> Bool) { self.shows = shows }
}
