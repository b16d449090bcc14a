import SheetCheck
import SheetJSON

extension Coverage {
    /// The report as a JSON object: `{"states": N, "rules": {"reached":
    /// [{"item": "B01", "steps": 12, "depth": 1}], "unreached": ["B06"]}, ...}`.
    public var json: String {
        var families: [String] = []
        for family in CoverageItem.Family.allCases {
            let r = (reached[family] ?? []).map {
                "{\"item\": \(JSONText.quote($0.item.description)), \"steps\": \($0.steps), \"depth\": \($0.path.count)}"
            }
            let u = (unreached[family] ?? []).map { JSONText.quote($0.description) }
            families.append(
                "\(JSONText.quote(family.rawValue)): {\"reached\": [\(r.joined(separator: ", "))], \"unreached\": [\(u.joined(separator: ", "))]}"
            )
        }
        return "{\"states\": \(states), " + families.joined(separator: ", ") + "}"
    }
}
