import SheetEngine

/// `sheetlab profiles`: devices and OS versions with their key numbers.
enum ProfilesCommand {
    static let spec = CommandSpec(
        name: "profiles", summary: "List devices and OS versions, with the numbers the engine uses.",
        discussion: "Profiles are named DEVICE-iosVERSION, for example \(Profile.defaultName) (the default).")

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        out.line(out.styled("Devices", .bold))
        var rows = [["id", "name", "screen (pt)", "size classes portrait", "landscape", "maxDetentValue"]]
        for d in Device.all {
            rows.append([
                d.id, d.displayName, "\(fmt(d.portrait.width)) x \(fmt(d.portrait.height))",
                classes(d.portrait), classes(d.landscape),
                "\(fmt(d.portrait.maxDetentValue)) / \(fmt(d.landscape.maxDetentValue))",
            ])
        }
        table(rows, out)
        out.line()
        out.line(out.styled("OS versions", .bold))
        rows = [
            [
                "version", "B10 last wins", "B11 EmptyView fires", "B16 env inherited", "B28 detents", "B27 background",
                "timings (ms)",
            ]
        ]
        for os in OSVersion.all {
            let t = os.timings
            rows.append([
                os.version, yes(os.lastModifierWins), yes(os.emptyViewHostFires), yes(os.sheetsInheritEnvironment),
                yes(os.supportsDetents), yes(os.supportsBackgroundInteraction),
                "present \(t.present), dismiss \(t.dismiss), swipe \(t.swipeRemainder)",
            ])
        }
        table(rows, out)
        out.line()
        out.line("Profiles are named DEVICE-iosVERSION, e.g. \(Profile.defaultName) (the default), iphonese-ios14.4.")
        out.line("maxDetentValue is given as portrait / landscape; size classes as width/height.")
        return .ok
    }

    static func classes(_ l: DeviceLayout) -> String {
        "\(l.horizontalSizeClass.rawValue)/\(l.verticalSizeClass.rawValue)"
    }
    static func yes(_ b: Bool) -> String { b ? "yes" : "no" }
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
