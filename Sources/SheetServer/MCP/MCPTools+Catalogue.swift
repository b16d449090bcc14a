import SheetEngine
import SheetJSON

/// `list_profiles` and `list_rules`: what `sheetlab profiles` shows, and the rule ids.
extension MCPTools {
    static let listProfiles = MCPTool(
        name: "list_profiles", title: "List devices and OS versions",
        description: """
            Lists every profile name (DEVICE-iosVERSION), the devices with their screens, size classes and \
            maxDetentValue per orientation, and the OS versions with their version-dependent rules and transition \
            timings, as `sheetlab profiles` shows them.
            """,
        arguments: []
    ) { _ in
        let structured = CatalogueJSON.profiles
        let text = [
            "profiles (default \(Profile.defaultName)): " + Profile.allNames.joined(separator: ", "),
            "devices: "
                + Device.all.map {
                    "\($0.id) (\($0.displayName), \(Value.format($0.portrait.width)) x \(Value.format($0.portrait.height)) pt, maxDetentValue \(Value.format($0.portrait.maxDetentValue)))"
                }.joined(separator: "; "),
            "OS versions: " + OSVersion.all.map(\.version).joined(separator: ", "),
            "(the structured content has every number)",
        ]
        return MCPToolResult(text: text.joined(separator: "\n"), structured: structured)
    }

    /// A device's numbers in one orientation.
    static func layout(_ l: DeviceLayout) -> JSON {
        [
            "width": .double(l.width), "height": .double(l.height),
            "safe_area": ["top": .double(l.safeArea.top), "bottom": .double(l.safeArea.bottom)],
            "size_classes": [
                "horizontal": .string(l.horizontalSizeClass.rawValue),
                "vertical": .string(l.verticalSizeClass.rawValue),
            ],
            "max_detent_value": .double(l.maxDetentValue),
        ]
    }

    static let listRules = MCPTool(
        name: "list_rules", title: "List the behaviour rules",
        description: """
            Lists the behaviour rules events cite (B01-B52 for stock SwiftUI, P01-P05 for the seed policies and the \
            oscillation guard), as `sheetlab profiles --rules --json` does: each rule's summary, the OS versions it \
            applies to, its source and confidence, and the profile flag that switches it; then the profile flags and \
            the assumptions.
            """,
        arguments: [.optional("id", string, "Only this rule, e.g. B03.")]
    ) { call throws(RPCError) in
        guard let given = try call.arguments.optionalString("id") else {
            let lines = Rule.catalogue.map(line)
            return MCPToolResult(text: lines.joined(separator: "\n"), structured: CatalogueJSON.rules)
        }
        guard let id = RuleID(rawValue: given.uppercased()) else {
            throw call.arguments.bad(
                "unknown rule '\(given)'; expected one of \(RuleID.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return MCPToolResult(text: line(id.rule), structured: ["rules": [CatalogueJSON.rule(id.rule)]])
    }

    /// `B03 (field, OS all): a new item written while ... [source]`.
    static func line(_ r: Rule) -> String {
        "\(r.id.rawValue) (\(r.confidence.rawValue), OS \(r.os)): \(r.summary)"
            + (r.flag.map { " [profile flag \($0.rawValue)]" } ?? "") + " (source: \(r.source))"
    }
}
