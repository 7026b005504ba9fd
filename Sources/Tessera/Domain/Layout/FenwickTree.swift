/// Prefix sums with O(log n) change and append: node i sums the `i & -i` numbers ending at i.
struct FenwickTree: Equatable, Sendable {
    private(set) var values: [Double] = []
    /// 1-based; `nodes[0]` is unused.
    private var nodes: [Double] = [0]
    private(set) var total = 0.0

    init() {}

    /// Built in O(n).
    init<Values: Sequence>(_ values: Values) where Values.Element == Double {
        self.values = Array(values)
        nodes = [0] + self.values
        for index in 1..<max(nodes.count, 1) {
            let parent = index + (index & -index)
            if parent < nodes.count { nodes[parent] += nodes[index] }
        }
        total = self.values.reduce(0, +)
    }

    var count: Int { values.count }
    subscript(index: Int) -> Double { values[index] }

    mutating func append(_ value: Double) {
        values.append(value)
        let node = values.count
        // The node covers (node - lowbit, node]: the value plus the nodes already summing that span.
        var sum = value, index = node - 1, start = node - (node & -node)
        while index > start {
            sum += nodes[index]
            index -= index & -index
        }
        nodes.append(sum)
        total += value
    }

    mutating func set(_ value: Double, at index: Int) {
        let delta = value - values[index]
        guard delta != 0 else { return }
        values[index] = value
        total += delta
        var node = index + 1
        while node < nodes.count {
            nodes[node] += delta
            node += node & -node
        }
    }

    /// The sum of the first `count` numbers.
    func prefix(_ count: Int) -> Double {
        var sum = 0.0, node = count
        while node > 0 {
            sum += nodes[node]
            node -= node & -node
        }
        return sum
    }
}
