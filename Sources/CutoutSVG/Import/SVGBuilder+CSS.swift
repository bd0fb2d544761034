import Foundation

extension SVGBuilder {
    /// The properties declared for `e`, in CSS cascade order: presentation attributes (lowest,
    /// as if in a rule of specificity 0 before every sheet), then the rules of the style sheets
    /// that match (by specificity, then document order), then the `style` attribute; then the
    /// `!important` declarations of the sheets, in the same order; last the `style` attribute's
    /// `!important` ones. (resvg lets the first `!important` declaration win among several;
    /// CSS, and this importer, let the most specific, then the last.)
    func cascade(_ e: SVGNode) throws(SVGError) -> [String: String] {
        var d: [String: String] = [:]
        for (k, v) in e.attributes where SVGBuilder.presentationAttributes.contains(k) { d[k] = v }
        var important: [CSSDeclaration] = []
        if !sheet.isEmpty {
            if cssTree == nil { cssTree = CSSElementTree(root: root) }
            if let tree = cssTree, let index = tree.index(of: e) {
                let work = sheet.rulesTested + sheet.selectorSteps
                sheet.maxSelectorSteps = limits.maxVisits
                let matched = sheet.declarations(for: index, in: tree)
                try countVisits(sheet.rulesTested + sheet.selectorSteps - work, for: e)
                for decl in matched { if decl.important { important.append(decl) } else { d[decl.name] = decl.value } }
            }
        }
        let inline = e.attributes["style"].map(CSSStyleSheet.declarations) ?? []
        for decl in inline where !decl.important { d[decl.name] = decl.value }
        for decl in important { d[decl.name] = decl.value }
        for decl in inline where decl.important { d[decl.name] = decl.value }
        return d
    }
}
