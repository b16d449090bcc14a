import SheetEngine
import SheetJSON
import SheetServer

/// `sheetlab profiles`: devices and OS versions with their key numbers;
/// with `--rules`, every behaviour rule with its OS range, source and confidence.
enum ProfilesCommand {
    static let spec = CommandSpec(
        name: "profiles", summary: "List devices and OS versions, or with --rules every rule and its source.",
        options: [
            OptionSpec("--rules", help: "List every rule (B01-B52, P01-P05) with its OS range, source and confidence."),
            FormatOption.spec(
                ["text", "json"],
                "text (default) or json: the profiles, or with --rules the rules, flags and assumptions, as one JSON object."
            ),
            OptionSpec("--json", help: "The older spelling of --format json."),
        ],
        discussion: """
            Profiles are named DEVICE-iosVERSION, for example \(Profile.defaultName) (the default);
            -ios18 names 18.4. Confidence is apple-doc (Apple's documentation or release notes), field
            (two or more independent reports, or one with a reproduction), single (one report), seed
            (a seed article only) or assumption (no source); events decided by a single, seed or
            assumption rule say so on the timeline, e.g. {B37 single}. --format json prints the same as
            JSON (the profile names, devices and OS versions as mcp's list_profiles gives them; with
            --rules, the rules); --json is its older spelling.
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let json: Bool
        do throws(UsageError) {
            json =
                try FormatOption.value(
                    args, command: "profiles", choices: ["text", "json"],
                    alias: ("--json", args.flag("--json") ? "json" : nil), fallback: "text") == "json"
        } catch {
            return RunCommand.usage(error, out)
        }
        if args.flag("--rules") {
            if json { out.write(rulesJSON() + "\n") } else { rules(out) }
            return .ok
        }
        if json {
            out.write(CatalogueJSON.profiles.text + "\n")
            return .ok
        }
        out.line(out.styled("Devices", .bold))
        var rows = [["id", "name", "screen (pt)", "safe areas (pt)", "size classes portrait", "landscape"]]
        for d in Device.all {
            rows.append([
                d.id, d.displayName, "\(fmt(d.portrait.width)) x \(fmt(d.portrait.height))",
                "top \(fmt(d.portrait.safeArea.top)), bottom \(fmt(d.portrait.safeArea.bottom))",
                classes(d.portrait), classes(d.landscape),
            ])
        }
        table(rows, out)
        out.line()
        out.line(out.styled("OS versions", .bold))
        rows = [["version", "maxDetentValue on \(Device.all[0].id)", "timings (ms)", "version rules on"]]
        for os in OSVersion.all {
            let t = os.timings
            let layout = Profile(device: Device.all[0], os: os).layout(.portrait)
            rows.append([
                os.version + (OSVersion.aliases.first { $0.value == os.version }.map { " (also \($0.key))" } ?? ""),
                fmt(layout.maxDetentValue),
                "present \(t.present), dismiss \(t.dismiss), swipe \(t.swipeRemainder)"
                    + (os.quickReopenIgnoresDetents ? ", reopen window \(t.reopenWindow)" : "")
                    + (os.zoomDismissalTakesTaps ? ", zoom dismiss \(t.zoomDismiss)" : "")
                    + (os.supportsCrossFade ? ", cross-fade \(t.crossFade)" : ""),
                CatalogueJSON.versionRules(os).joined(separator: " "),
            ])
        }
        table(rows, out)
        out.line()
        out.line("Profiles are named DEVICE-iosVERSION, e.g. \(Profile.defaultName) (the default), iphonese-ios14.4.")
        out.line("Size classes are width/height. 'sheetlab profiles --rules' lists what each rule id says and why.")
        out.line("B39-bug: zoom sheets become covers (fixed in 26); B37-stacked: near full height is the large sheet.")
        return .ok
    }

    /// `--rules`: every rule, then the profile flags, then the assumptions.
    static func rules(_ out: Output) {
        out.line(out.styled("Rules", .bold))
        var rows = [["id", "confidence", "OS", "rule", "source"]]
        for r in Rule.catalogue {
            rows.append([r.id.rawValue, r.confidence.rawValue, r.os.description, r.summary, r.source])
        }
        table(rows, out)
        out.line()
        out.line(out.styled("Profile flags (profile_flag(NAME, on) in a scenario, before the first view)", .bold))
        rows = [["flag", "rule", "on in"]]
        for f in ProfileFlag.allCases {
            let rule = Rule.catalogue.first { $0.flag == f }!
            rows.append([
                f.rawValue, rule.id.rawValue, OSVersion.all.filter(f.value).map(\.version).joined(separator: " "),
            ])
        }
        table(rows, out)
        out.line()
        out.line(out.styled("Assumptions and measured numbers", .bold))
        rows = [["name", "confidence", "what", "source"]]
        for a in Rule.assumptions { rows.append([a.name, a.confidence.rawValue, a.summary, a.source]) }
        table(rows, out)
    }

    /// `--rules --json`: `{"rules": [...], "flags": [...], "assumptions": [...]}`, keys sorted.
    static func rulesJSON() -> String { CatalogueJSON.rules.text }

    static func classes(_ l: DeviceLayout) -> String {
        "\(l.horizontalSizeClass.rawValue)/\(l.verticalSizeClass.rawValue)"
    }
    static func fmt(_ d: Double) -> String { d == d.rounded() ? String(Int(d)) : String(d) }

    /// Prints rows as aligned columns.
    static func table(_ rows: [[String]], _ out: Output) {
        let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        for (i, row) in rows.enumerated() {
            let text = row.enumerated().map { c, cell in
                c == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[c] - cell.count)
            }.joined(separator: "  ")
            out.line("  " + (i == 0 ? out.styled(text, .dim) : text))
        }
    }
}
