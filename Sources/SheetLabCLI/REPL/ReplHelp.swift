import SheetEngine
import SheetServer

/// The words the REPL prints to guide people: the banner and `:help`.
enum ReplHelp {
    /// The banner of an interactive session.
    /// - Parameters:
    ///   - profile: the profile the app runs on.
    ///   - policies: the names of the loaded policies.
    ///   - loaded: the `--load` scenario, when there is one (then there is no starting app).
    ///   - now: the app's virtual time after the set-up, in ms.
    static func banner(profile: Profile, policies: [String], loaded: String?, now: Int) -> String {
        var lines = [
            "sheetlab repl \(sheetLabVersion) on \(profile.name) (\(profile.device.displayName), iOS \(profile.os.version))",
            "Policies: " + (policies.isEmpty ? "none (stock SwiftUI)" : policies.joined(separator: ", ")),
        ]
        if let loaded {
            lines += [
                "Set up by \(loaded), which ran to \(now) ms: its views, state and globals are here.",
                "Try:   stack()   state()   :timeline   :show",
            ]
        } else {
            lines.append("Set up: " + StarterApp.description[0])
            lines += StarterApp.description.dropFirst()
            lines.append("Try:   \(StarterApp.firstCommand)   -- tap \"Open\": the sheet presents")
        }
        lines += [
            "Then:  advance(500)  swipe()  top()  show()     :help walks through seed 000",
            "Tab completes, Ctrl-C stops a running input, Ctrl-D leaves.",
        ]
        return lines.joined(separator: "\n")
    }

    /// `:help`.
    static let text = """
        Type Lua: the scenario API's functions are globals (docs/api/sheetlab.lua).
        An expression prints its value (`=expr` works too); after each input the
        REPL prints the new timeline events. An unfinished input (an open `{`,
        `function` or `do`) continues on a ">>" line. Tab completes names, fields
        (`top().` Tab), methods (`s:` Tab), commands (`:po` Tab), files after
        :policy, :load and :save, and slots in `set("`; the up arrow recalls lines.
        Ctrl-C stops a running input (even an endless loop in a policy hook) or
        clears the line; Ctrl-D leaves.

        Commands
          :help [NAME]      this text; with NAME, one function's or type's help
                            from the API (:help set, :help Presentation)
          :load FILE        run a scenario file into this session
          :policy [FILE]    load or reload a Lua policy (a broken file keeps the
                            old one and says why); no FILE: the loaded policies.
                            A loaded policy file that changes is loaded again
                            before the next input.
          :profile [NAME]   start over on another device and OS; no NAME: the list
          :reset            start over: a fresh app, set up again, same policies
          :show [on|off]    draw the screen now, or after every input (--show)
          :timeline [text|json|svg] [FILE]
                            the whole session's timeline (every part since it
                            started), on the terminal or into FILE
          :save FILE        write this session as a scenario that
                            `sheetlab run FILE` replays to the same timeline
          :quit             leave (Ctrl-D does too)

        Debugging (the same engine as `sheetlab debug`; the past is the session
        run again from its start, so it is exactly as it was)
          :break [SPEC]     stop where SPEC happens: an event kind (requestLost),
                            a rule (B03), a time (@750ms), warning, error,
                            failedExpectation, or FILE:LINE of a policy or the
                            --load file; an input that hits one stops there.
                            No SPEC: the list. :break clear [N] clears them
          :back [break]     back to the previous event (or breakpoint hit)
          :goto N|MSms      to event N of the session, or the first at a time
          :step  :next      on to the next line or event; :next stays in the
                            function (steps over calls)
          :continue         on to the next breakpoint, or back to the present
          :where            where the run is stopped: the event, the Lua lines
          :live             back to the present (the live app, unchanged)
        Stopped (the prompt shows the time, "[750 ms] >"), Lua reads the world of
        that moment in the stopped frame: ctx in a policy hook, get("slot"), top().

        Functions (the scenario API, and show())
          set("slot", value)  set state, as a button does    get("slot")  read it
          advance(ms)         let time pass; advance() until nothing moves
          swipe()             swipe the top sheet down       dismiss([view])
          drag(height)  release(velocity)  rotate("landscape")  tap_background()
          top()  stack()  state()  now()  timeline([filter])  events()  profile()
          view { ... }  sheet { ... }  fullScreenCover { ... }  remove(view)
          reset([profile])  policy(file)  expect(ok, message)  expect_eq(a, b)
          show()              draw the screen now (only in the REPL)

        Walk-through: seed 000's lost reopen, then its fix
          set("selectedItem", { id = 0 })   -- tap "Open": the sheet presents
          advance(500)                      -- presented
          swipe()                           -- swipe down: dismissing (250 ms)
          advance(100)
          set("selectedItem", { id = 1 })   -- tap "Open" again while closing
          advance(150)                      -- closed: "! requestLost"
          top()                             -- nil: the reopen was lost (B03)
        Fix it with the queue policy (P01), from the repository's folder:
          :policy examples/policies/queue.lua
          :reset
        then type the same six lines: the late tap is "queued", and once the
        sheet has closed, item 1 opens ("presenting"); top().item_id is "1".
        show() draws the screen at any point; :timeline svg run.svg the whole run.
        """
}
