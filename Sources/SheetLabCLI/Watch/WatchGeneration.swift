import SheetRendering

/// `run --watch --format html --out F`: counts the files written, so that
/// an open page knows when to reload. Each run writes F, then `F.watch.js`
/// holding the new count; the page loads that script every half second
/// (a `file://` page may load a script beside it, though it may not fetch
/// it) and reloads itself when the count is not its own (docs/player.md).
final class WatchGeneration {
    private var count = 0

    /// The next generation, for the page written to `file`.
    func next(for file: String) -> TimelineHTML.Watch {
        count += 1
        return TimelineHTML.Watch(generation: count, script: Self.scriptName(for: file))
    }

    /// `run.html.watch.js` for `out/run.html`: the script's name, relative to the page.
    static func scriptName(for file: String) -> String {
        (file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file) + ".watch.js"
    }

    /// Where the script goes: beside the page.
    static func scriptPath(for file: String) -> String { file + ".watch.js" }
}
