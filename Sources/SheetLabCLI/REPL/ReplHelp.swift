import SheetEngine

/// The words the REPL prints to guide people: the banner and `:help`.
enum ReplHelp {
    /// The banner of an interactive session.
    /// - Parameters:
    ///   - profile: the profile the app runs on.
    ///   - policies: the names of the loaded policies.
    ///   - loaded: the `--load` scenario, when there is one (then there is no starting app).
    ///   - now: the app's virtual time after the set-up, in ms.
    static func banner(profile: Profile, policies: [String], loaded: String?, now: Int) -> String {
        let policyText = policies.isEmpty ? "stock SwiftUI (no policy loaded)" : "policies: " + policies.joined(separator: ", ")
        var lines = [
            "sheetlab repl \(sheetLabVersion) on \(profile.name) (\(profile.device.displayName), iOS \(profile.os.version)), \(policyText).",
        ]
        if let loaded {
            lines += [
                "Set up by \(loaded), which ran to \(now) ms: its views, state and globals are here.",
                "Try:   stack()   state()   :timeline   :show",
            ]
        } else {
            lines.append("Set up: " + StarterApp.description[0])
            lines += StarterApp.description.dropFirst()
            lines.append("Try:   \(StarterApp.firstCommand)      -- tap \"Open\": the item sheet starts presenting")
        }
        lines.append("Then:  advance(500), swipe(), top(), show() ...  :help walks you through seed 000. Ctrl-D leaves.")
        return lines.joined(separator: "\n")
    }

    /// `:help`.
    static let text = """
        Type Lua. The scenario API's functions are globals (docs/api/sheetlab.lua), as in a scenario file.
        An expression prints its value (`=expr` works too). After each input the REPL prints the new
        timeline events. An unfinished input (an open `{`, `function` or `do`) continues on a ">>" line.
        Tab completes names, fields (`top().` then Tab) and methods (`s:` then Tab); the up arrow
        recalls earlier lines (kept in ~/.local/state/sheetlab/history).
        Ctrl-C stops a running input (even an endless loop in a policy hook) or clears the line;
        Ctrl-D leaves.

        Commands
          :help                       this text
          :policy [FILE]              load or reload a Lua policy; a broken file keeps the old one
                                      and says why. Without FILE: the loaded policies
          :profile [NAME]             start over on another device and OS (without NAME: the list)
          :reset                      start over: a fresh app, set up again, same policies
          :show [on|off]              draw the screen now, or after every input (also --show)
          :timeline [text|json|svg] [FILE]
                                      the whole timeline, on the terminal or into FILE
          :save FILE                  write this session as a scenario: `sheetlab run FILE`
                                      replays it to the same timeline
          :quit                       leave (Ctrl-D does too)

        Functions (the scenario API, and show())
          set("slot", value)   set state, as a button does   get("slot")       read state
          advance(ms)          let time pass; advance() runs until nothing moves
          swipe()              swipe the top sheet down      dismiss([view])   call its DismissAction
          drag(height)  release(velocity)  rotate("landscape")  tap_background()
          top()  stack()  state()  now()  timeline([filter])  events()  profile()
          view { ... }  sheet { ... }  fullScreenCover { ... }  remove(view)  reset([profile])
          policy(file)  expect(condition, message)  expect_eq(seen, expected, message)
          show()               draw the screen now (only in the REPL)

        Walk-through: seed 000's lost reopen, then its fix
          set("selectedItem", { id = 0 })   -- tap "Open": the item sheet starts presenting
          advance(500)                      -- presented
          swipe()                           -- swipe it down: it starts dismissing (250 ms)
          advance(100)
          set("selectedItem", { id = 1 })   -- tap "Open" again while it is still closing
          advance(150)                      -- closed; the REPL prints "! requestLost"
          top()                             -- nil: nothing on screen, the reopen was lost (B03)
        Fix it with the queue policy (P01), from the repository's folder, and try again:
          :policy examples/policies/queue.lua
          :reset
          then the same six lines: the late tap is "queued", and when the sheet has closed
          item 1 opens ("presenting"); top().item_id is "1" and nothing is lost.
        Type show() at any point to see the screen; :timeline svg seed000.svg draws the whole run.
        """
}
