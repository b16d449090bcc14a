import SheetEngine
import SheetJSON

/// The engine's catalogues as data for tools: the rules with their OS
/// ranges, sources and confidence, the profile flags, the assumptions, and
/// which version-dependent rules each OS version turns on. `sheetlab
/// profiles --rules --json` writes them; mcp's `list_rules`,
/// `list_profiles` and `explain_event` answer with them.
package enum CatalogueJSON {
    /// The version-dependent rules that are on in a version, by id.
    package static func versionRules(_ os: OSVersion) -> [String] {
        let on: [(Bool, String)] = [
            (os.lastModifierWins, "B10"), (os.emptyViewHostFires, "B11"), (os.printsKeyPaths, "B15"),
            (os.supportsDetents, "B17-B26 B29 B41 B42"), (!os.supportsDetents, "B28"),
            (os.supportsBackgroundInteraction, "B27"),
            (os.formSizingDefault, "B30"), (os.removedModifierKeepsBinding, "B31"),
            (os.resolvesSizeDependentOnce, "B32"), (os.dismissDisabledAtRootOnly, "B33"),
            (os.quickReopenIgnoresDetents, "B34"), (os.restoredNestedBlocked, "B35"),
            (os.stacksNearFullHeight, "B37-stacked"), (os.insetSheets, "B36-B37"), (os.zoomFromViews, "B38"),
            (os.zoomSheetsBecomeCovers, "B39-bug"), (os.zoomFromViews && !os.zoomSheetsBecomeCovers, "B39"),
            (os.popoverDismissHidesSheet, "B40"),
            (os.resetsControlEnvironment, "B43"), (os.supportsPresentationPlacement, "B44"),
            (os.supportsCrossFade, "B45"), (os.zoomDismissalTakesTaps, "B46"),
        ]
        return on.filter(\.0).map(\.1)
    }

    /// Every profile name, the devices and the OS versions: what `sheetlab
    /// profiles --format json` prints and mcp's `list_profiles` answers.
    package static var profiles: JSON {
        let devices: [JSON] = Device.all.map { d in
            [
                "id": .string(d.id), "name": .string(d.displayName),
                "portrait": MCPTools.layout(d.portrait), "landscape": MCPTools.layout(d.landscape),
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
            members["rules_on"] = .array(CatalogueJSON.versionRules(os).map { .string($0) })
            members["flags_on"] = .array(ProfileFlag.allCases.filter { $0.value(in: os) }.map { .string($0.rawValue) })
            return .object(members)
        }
        return [
            "default": .string(Profile.defaultName), "profiles": .array(Profile.allNames.map { .string($0) }),
            "devices": .array(devices), "os_versions": .array(versions),
        ]
    }

    /// What `sheetlab profiles --rules --json` writes: `{"rules": [...],
    /// "flags": [...], "assumptions": [...]}` (`sheetlab mcp`'s `list_rules` answers it too).
    package static var rules: JSON {
        let rules: [JSON] = Rule.catalogue.map(rule)
        let flags: [JSON] = ProfileFlag.allCases.map { f in
            .object([
                "name": .string(f.rawValue), "rule": .string(Rule.catalogue.first { $0.flag == f }!.id.rawValue),
                "on_in": .array(OSVersion.all.filter(f.value).map { .string($0.version) }),
            ])
        }
        let assumptions: [JSON] = Rule.assumptions.map { a in
            .object([
                "name": .string(a.name), "summary": .string(a.summary), "source": .string(a.source),
                "confidence": .string(a.confidence.rawValue),
            ])
        }
        return ["rules": .array(rules), "flags": .array(flags), "assumptions": .array(assumptions)]
    }

    /// One rule: `{id, summary, os, os_from, os_through, source, confidence, flag}`.
    package static func rule(_ r: Rule) -> JSON {
        var o: [String: JSON] = [
            "id": .string(r.id.rawValue), "summary": .string(r.summary), "os": .string(r.os.description),
            "source": .string(r.source), "confidence": .string(r.confidence.rawValue),
        ]
        if let from = r.os.from { o["os_from"] = .string(from) }
        if let through = r.os.through { o["os_through"] = .string(through) }
        if let flag = r.flag { o["flag"] = .string(flag.rawValue) }
        return .object(o)
    }
}
