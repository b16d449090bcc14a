import SheetEngine
import SheetScripting
import SheetServer

/// `sheetlab config [PATH]`: the settings in effect and where each came from.
enum ConfigCommand {
    static let spec = CommandSpec(
        name: "config",
        summary: "Print the settings in effect here and where each came from (flag, project file, default).",
        positionalUsage: "[PATH]", maxPositionals: 1,
        options: ScriptOptions.specs + [
            OptionSpec("--strict", help: "As test's --strict, to see it win over the project file."),
            OptionSpec("--no-strict", help: "As test's --no-strict."),
            OptionSpec("--format", value: "FORMAT", help: "As test's --format."),
        ],
        discussion: """
            The project is the one PATH (a scenario or a folder) lies in, or the current folder's: the nearest
            \(Project.fileName) found walking up, as cargo finds Cargo.toml. Each line is a setting, its value
            and its origin: 'flag', 'project file' or 'default'. The same flags as run and test take may be
            given, to see them win. A project file is a Lua table; docs/project.md lists its settings.
            Exit codes: 0 ok, 2 usage error (also: a PATH where nothing is, a project file that is wrong, with its message).
            """)

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let project = args.project
        let configuration: SessionConfiguration
        do throws(UsageError) {
            if let path = args.positionals.first, FileSystem.kind(at: path) == nil {
                throw UsageError("no such file or folder: \(TerminalText.escape(path))", command: "config")
            }
            configuration = try ScriptOptions.configuration(args, command: "config")
        } catch {
            return RunCommand.usage(error, out)
        }
        func origin(_ flag: String, _ inProject: Bool) -> String {
            args.options[flag] != nil ? "flag \(flag)" : inProject ? "project file" : "default"
        }
        var rows: [(String, String, String)] = []
        rows.append(
            (
                "project",
                project.map { ProjectOptions.shown($0.file) } ?? "none (no \(Project.fileName) here or above)", ""
            ))
        if let project { rows.append(("root", ProjectOptions.shown(project.root), "project file")) }
        rows.append(
            (
                "test", ProjectOptions.testPaths(args).joined(separator: ", "),
                !args.positionals.isEmpty
                    ? "argument" : project?.tests != nil ? "project file" : project != nil ? "project root" : "default"
            ))
        let roots = (project?.policyRoots ?? []).map(ProjectOptions.shown) + args.values("--allow-path")
        rows.append(
            (
                "policy_paths",
                (["the scenario's folder"] + roots).joined(separator: ", "),
                args.options["--allow-path"] != nil ? "flag --allow-path" : project != nil ? "project file" : "default"
            ))
        rows.append(("profile", configuration.profile.name, origin("--profile", project?.profile != nil)))
        rows.append(
            (
                "policies",
                configuration.policyFiles.isEmpty ? "none" : configuration.policyFiles.joined(separator: ", "),
                origin("--policy", project?.policies != nil)
            ))
        let strict = ProjectOptions.strict(args)
        rows.append(
            (
                "strict", "\(strict)",
                args.flag("--no-strict") ? "flag --no-strict" : origin("--strict", project?.strict != nil)
            ))
        rows.append(
            ("format", args.value("--format") ?? project?.format ?? "text", origin("--format", project?.format != nil)))
        let color = args.value("--color") ?? project?.color ?? "auto"
        rows.append(
            (
                "color", color + (color == "auto" ? " (\(out.colorOut ? "on" : "off") here)" : ""),
                origin("--color", project?.color != nil)
            ))
        for setting in SessionSetting.all {
            rows.append(
                (
                    "limits.\(setting.name)", "\(setting.value(in: configuration))",
                    origin(setting.flag, project?.limits[setting.name] != nil)
                ))
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (name, value, from) in rows {
            let left = name + String(repeating: " ", count: width - name.count + 2) + TerminalText.escape(value)
            out.line(from.isEmpty ? left : left + "  (" + out.styled(from, .dim) + ")")
        }
        return .ok
    }
}
