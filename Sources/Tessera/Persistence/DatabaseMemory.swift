import GRDBSQLite

/// What SQLite holds in memory for the app's databases (page caches, statements, schema), for
/// the benchmarks to tell it from the app's own heap.
public enum DatabaseMemory {
    /// Bytes SQLite has allocated and not freed, every connection together.
    public static var inUse: Int { Int(sqlite3_memory_used()) }
}
