import SheetEngine

/// A picture of the device screen for a terminal, at most `columns` wide.
///
/// The device outline keeps the screen's proportions in the current
/// orientation (a terminal cell is about twice as tall as wide). The root
/// view's name is at the top of the screen; each presentation in the stack is
/// drawn over it at its current height, bottom first: a `.sheet` attached to
/// the bottom edge, a `.formSheet` as a centred box, a `.fullScreen` one
/// filling the screen. A sheet under another one recedes (narrower), as on
/// iOS. A presentation in transition has dashed edges and an arrow (`↑`
/// presenting, `↓` dismissing). Numbers `[1]`, `[2]` tie each one to its
/// description beside the device (or under it when the device is wide):
/// presenter, modifier, item, phase, detent and height.
///
/// ```
/// iPhone 15, iOS 17, portrait (393 x 852 pt), 600 ms
/// ╭────────────────────╮
/// │                    │
/// │ ContentView        │ ◀ ContentView (root)
/// │ item = {id = 7}    │     item = {id = 7}
/// ...
/// │╭ [1] ContentView ─╮│ ◀ [1] ContentView.sheet(item:) item=7
/// ││item 7            ││     presented, sheet
/// ││item=7            ││     medium: 392 of 852 pt
/// ││medium 392 pt     ││     shows "item 7"
/// ...
/// ╰────────────────────╯
/// ```
///
/// The output is a pure function of its input: no terminal is queried.
public struct ScreenPicture: Sendable, Hashable {
    /// The widest a line may be (at least 40).
    public var columns: Int
    /// Rows of the screen inside the outline for a portrait phone; wide
    /// devices get fewer so that the whole picture stays about 30 lines.
    public var screenRows: Int

    /// - Parameters:
    ///   - columns: the widest a line may be; 80 for a standard terminal (at least 40 is used).
    ///   - screenRows: the height of a portrait phone's screen in rows (at least 8 is used).
    public init(columns: Int = 80, screenRows: Int = 22) {
        self.columns = max(40, columns)
        self.screenRows = max(8, screenRows)
    }

    /// Draws the screen as the state shows it.
    /// - Parameters:
    ///   - state: the app's state, for example `app.state()`.
    ///   - profile: the profile the app runs on (`app.profile`), for the device's geometry.
    /// - Returns: the picture, lines joined with newlines, no line wider than `columns`.
    public func render(_ state: AppState, profile: Profile) -> String {
        var layout = ScreenLayout(state: state, profile: profile, columns: columns, screenRows: screenRows)
        return layout.draw()
    }
}
