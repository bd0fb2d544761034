import Foundation

/// Patterns and masks whose content leads back to them through other patterns or masks
/// (`patt1`'s rectangle filled with `patt2`, whose rectangle is filled with `patt1`). SVG
/// leaves such documents in error; resvg, which this follows, settles them once for the whole
/// document before drawing: each `<pattern>` in document order follows the `fill` and
/// `stroke` references of its content (and of the content of every pattern they reach), and
/// each `<mask>` the `mask` references; a reference that comes back to the one examined is
/// dropped, everywhere it is used. The first in document order therefore keeps its nested
/// paint and the one it reaches loses it: `patt1` still paints with `patt2`, whose rectangle
/// has no fill. A dropped paint is `none`; a dropped mask leaves its element unmasked. (A
/// pattern or mask used directly inside itself is handled where it is built, to the same
/// effect.)
extension SVGBuilder {
    /// One property of one element whose reference is dropped.
    struct DroppedReference: Hashable {
        let element: ObjectIdentifier
        let property: String
    }

    /// A reference from the content of one pattern or mask to another of the same kind.
    private struct ServerReference {
        let element: SVGNode
        let property: String
        let value: String
        let target: Int
    }

    /// Finds the references to drop (``droppedReferences``). Each element is read once (the
    /// content of a pattern or mask stops at the patterns and masks inside it, which are not
    /// drawn there), and only patterns and masks on a cycle are followed, each step counting
    /// as a visit (``SVGImporter/Limits/maxVisits``), so the work stays bounded.
    func findSelfReferences() throws(SVGError) {
        var servers: [SVGNode] = []
        var stack = [root]
        while let n = stack.popLast() {
            if n.name == "pattern" || n.name == "mask" { servers.append(n) }
            stack.append(contentsOf: n.children.reversed())
        }
        guard servers.count > 1 else { return }
        var number: [ObjectIdentifier: Int] = [:]
        for (k, s) in servers.enumerated() { number[ObjectIdentifier(s)] = k }
        var references: [[ServerReference]] = []
        for server in servers {
            let properties = server.name == "pattern" ? ["fill", "stroke"] : ["mask"]
            var out: [ServerReference] = []
            var pending = server.children
            while let element = pending.popLast() {
                let d = try declarations(element)
                for property in properties {
                    guard let value = d[property], value.trimmingCharacters(in: .whitespaces).hasPrefix("url("),
                          let target = referenced(value), target.name == server.name,
                          let t = number[ObjectIdentifier(target)] else { continue }
                    out.append(ServerReference(element: element, property: property, value: value, target: t))
                }
                if element.name != "pattern" && element.name != "mask" { pending.append(contentsOf: element.children) }
            }
            references.append(out)
        }
        let component = Self.stronglyConnectedComponents(references.map { $0.map(\.target) })
        for (k, server) in servers.enumerated() {
            var reached: Set<Int> = [k]
            var pending = [k]
            while let current = pending.popLast() {
                for r in references[current] where component[r.target] == component[k] {
                    try countVisits(1, for: r.element)
                    let key = DroppedReference(element: ObjectIdentifier(r.element), property: r.property)
                    guard !droppedReferences.contains(key) else { continue }
                    if r.target == k, current != k {
                        droppedReferences.insert(key)
                        warn(r.element.line, "\(r.property) '\(r.value.prefix(40))' leads back to the \(server.name) that contains it; dropped")
                    } else if reached.insert(r.target).inserted {
                        pending.append(r.target)
                    }
                }
            }
        }
    }

    /// The strongly connected component of each node of a directed graph (Tarjan's algorithm,
    /// with an explicit stack): nodes share a number exactly when each reaches the other.
    static func stronglyConnectedComponents(_ edges: [[Int]]) -> [Int] {
        let n = edges.count
        var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
        var component = [Int](repeating: -1, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = [], next = 0, components = 0
        for start in 0..<n where index[start] < 0 {
            // (node, position in its edge list) frames of the depth-first search.
            var frames = [(start, 0)]
            index[start] = next; low[start] = next; next += 1
            stack.append(start); onStack[start] = true
            while let (v, i) = frames.last {
                if i < edges[v].count {
                    frames[frames.count - 1].1 += 1
                    let w = edges[v][i]
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let (parent, _) = frames.last { low[parent] = min(low[parent], low[v]) }
                if low[v] == index[v] {
                    while let w = stack.popLast() {
                        onStack[w] = false
                        component[w] = components
                        if w == v { break }
                    }
                    components += 1
                }
            }
        }
        return component
    }
}
