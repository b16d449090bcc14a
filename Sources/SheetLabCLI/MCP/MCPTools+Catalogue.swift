import SheetEngine

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
        let devices: [JSON] = Device.all.map { d in
            [
                "id": .string(d.id), "name": .string(d.displayName),
                "portrait": layout(d.portrait), "landscape": layout(d.landscape),
                "form_sheet_height": .double(d.formSheetHeight),
            ]
        }
        let versions: [JSON] = OSVersion.all.map { os in
            var members: [String: JSON] = [
                "version": .string(os.version), "supportsCompactAdaptation": .bool(os.supportsCompactAdaptation),
                "timings_ms": [
                    "present": .int(os.timings.present), "dismiss": .int(os.timings.dismiss),
                    "swipe_remainder": .int(os.timings.swipeRemainder),
                ],
            ]
            for (_, flag, keyPath) in RuleCatalogue.versionFlags {
                members[flag] = .bool(os[keyPath: keyPath])
            }
            return .object(members)
        }
        let structured: JSON = [
            "default": .string(Profile.defaultName), "profiles": .array(Profile.allNames.map { .string($0) }),
            "devices": .array(devices), "os_versions": .array(versions),
        ]
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
            Lists the behaviour rules events cite (B01-B46 for stock SwiftUI, P01-P05 for the seed policies and the \
            oscillation guard): each id, and for the rules the engine implements what it says, the function that \
            implements it and its family; for version-dependent rules the OS versions where they hold.
            """,
        arguments: [.optional("id", string, "Only this rule, e.g. B03.")]
    ) { call throws(RPCError) in
        let catalogue = ruleCatalogue(call.server)
        var rules = catalogue.rules
        if let id = try call.arguments.optionalString("id") {
            guard let rule = RuleID(rawValue: id.uppercased()).flatMap({ catalogue[$0] }) else {
                throw call.arguments.bad(
                    "unknown rule '\(id)'; expected one of \(RuleID.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            rules = [rule]
        }
        return MCPToolResult(
            text: rules.map(\.line).joined(separator: "\n"), structured: ["rules": .array(rules.map(\.json))])
    }

    /// The rule catalogue, from the server's checkout: docs/engine.md and the engine's sources.
    static func ruleCatalogue(_ server: MCPServer) -> RuleCatalogue { server.rules }
}
