/// Memory that only grows, kept between calls so that steady work does not allocate.
///
/// Guarantees: ``base`` holds at least ``capacity`` elements; growing drops the old contents.
/// The owner frees it with ``deallocate()`` (a value type, so that reaching it from a class's
/// stored property costs no reference counting on hot paths).
struct ScratchBuffer<Element> {
    private(set) var base = UnsafeMutablePointer<Element>.allocate(capacity: 0)
    private(set) var capacity = 0

    /// Makes room for `count` elements. New memory is filled with `value` when one is given
    /// (and left uninitialised otherwise); memory already there is left as it is.
    mutating func reserve(_ count: Int, filling value: Element? = nil) {
        guard capacity < count else { return }
        base.deallocate()
        capacity = count
        base = .allocate(capacity: count)
        if let value { base.initialize(repeating: value, count: count) }
    }

    func deallocate() { base.deallocate() }
}
