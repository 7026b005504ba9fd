import GRDBSQLite

/// SQLite's memory, for benchmarks to tell apart from the app's heap.
public enum DatabaseMemory {
    /// Bytes SQLite has allocated and not freed, every connection together.
    public static var inUse: Int { Int(sqlite3_memory_used()) }
}
