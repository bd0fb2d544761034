extension Array where Element == UInt8 {
    /// These bytes cut, or padded with zeros, to `count`: how ``Pixmap/data`` and
    /// ``AlphaMask/data`` keep the length their pointer-based readers rely on.
    func fitted(count: Int) -> [UInt8] {
        self.count > count ? Array(prefix(count)) : self + [UInt8](repeating: 0, count: count - self.count)
    }
}
