/// A rule of the profile that a scenario may switch, because its sources
/// are thin or disagree: the default is the best-supported reading.
public enum ProfileFlag: String, Sendable, Hashable, Codable, CaseIterable {
    /// B16, seed 003's stricter claim: sheets do not inherit environment objects (default off).
    case strictEnvironment = "strict_environment"
    /// `interactiveDismissDisabled` takes effect only at the content's root (B33; default on from 18).
    case dismissDisabledAtRootOnly = "dismiss_disabled_at_root_only"
    /// Nested presentations requested in one update stay blocked (B35; default on 16-18.3).
    case restoredNestedBlocked = "restored_nested_blocked"
    /// A toolbar sheet requested as a popover closes is not shown (B40; default on before 26).
    case popoverDismissHidesSheet = "popover_dismiss_hides_sheet"
    /// Focusing a text field moves a sheet to its largest detent (B48; default on from 26).
    case textFocusExpands = "text_focus_expands"
    /// Detent changes made while presenting wait until presented (B49; default on in every profile).
    case detentChangesWaitWhilePresenting = "detent_changes_wait_while_presenting"
    /// A sheet drag that starts on a button does not cancel its tap (B51; default on from 18.0).
    case dragDoesNotCancelTaps = "drag_does_not_cancel_taps"

    /// The flag's value on a version.
    public func value(in os: OSVersion) -> Bool {
        switch self {
        case .strictEnvironment: return !os.sheetsInheritEnvironment
        case .dismissDisabledAtRootOnly: return os.dismissDisabledAtRootOnly
        case .restoredNestedBlocked: return os.restoredNestedBlocked
        case .popoverDismissHidesSheet: return os.popoverDismissHidesSheet
        case .textFocusExpands: return os.textFocusExpandsSheet
        case .detentChangesWaitWhilePresenting: return os.detentChangesWaitWhilePresenting
        case .dragDoesNotCancelTaps: return os.dragDoesNotCancelTaps
        }
    }

    /// Sets the flag on a version.
    public func set(_ value: Bool, in os: inout OSVersion) {
        switch self {
        case .strictEnvironment: os.sheetsInheritEnvironment = !value
        case .dismissDisabledAtRootOnly: os.dismissDisabledAtRootOnly = value
        case .restoredNestedBlocked: os.restoredNestedBlocked = value
        case .popoverDismissHidesSheet: os.popoverDismissHidesSheet = value
        case .textFocusExpands: os.textFocusExpandsSheet = value
        case .detentChangesWaitWhilePresenting: os.detentChangesWaitWhilePresenting = value
        case .dragDoesNotCancelTaps: os.dragDoesNotCancelTaps = value
        }
    }
}

extension Rule {
    /// Every rule, B01-B52 and P01-P05, with its provenance (docs/engine.md).
    public static let catalogue: [Rule] = [
        Rule(
            .b01, "a presentation goes presenting -> presented -> dismissing -> gone; lengths from the profile",
            source: "UIKit's transitions; lengths: libraries' practice (PanModal 0.5 s, FlowStacks 0.65 s)", .field,
            events: [.presenting, .presented, .dismissing, .dismissed]),
        Rule(
            .b02, "the binding is cleared (isPresented set false) when the dismiss transition ends, not before",
            source: "seed 000; FlowStacks #69", .field, events: [.writeBack]),
        Rule(
            .b03,
            "a new item written while the sheet is dismissing is overwritten by the write-back: the request is lost",
            source: "seed 000; TCA #3195", .field, events: [.requestLost]),
        Rule(
            .b04, "an item with another id dismisses what the slot shows, then presents; the same id updates in place",
            source: "Apple docs, sheet(item:); swift-navigation PR #238", .appleDoc,
            events: [.request, .contentUpdated]),
        Rule(
            .b05,
            "a presenter that shows a presentation ignores a request for another, with a warning; the binding stays set",
            source: "UIKit behaviour; aheze/Popovers #14", .field, events: [.alreadyPresenting]),
        Rule(
            .b06, "dismissing a presentation removes those above it too; only the top one animates",
            source: "UIKit dismiss(animated:) docs", .appleDoc, events: [.dismissing]),
        Rule(
            .b07,
            "the dismiss action dismisses the presentation it belongs to; on a view not presented it does nothing",
            source: "Apple docs, DismissAction", .appleDoc, events: [.dismissIgnored]),
        Rule(
            .b08, "a sheet can be swiped down unless interactiveDismissDisabled; a full-screen cover cannot",
            source: "Apple docs", .appleDoc, events: [.dismissPrevented]),
        Rule(
            .b09, "a presenter leaving the hierarchy takes its presentations with it at once, without a transition",
            source: "swift-navigation PR #192", .single, events: [.removed]),
        Rule(
            .b10, "only the last presentation modifier applied to a view works", os: OSRange(through: "14.4"),
            source: "seeds 002 and 004; davdroman/MultiModal", .field, events: [.modifierIgnored]),
        Rule(
            .b11, "a modifier on a separate EmptyView works on 14.4; from iOS 15 it does not fire",
            source: "seed 004", .seed, events: [.modifierIgnored]),
        Rule(.b12, "several writes to one slot in one update: the last one wins", source: "seed 002", .seed),
        Rule(
            .b13, "content sees @State as of the presenter's last body evaluation, which can be stale",
            source: "seed 001; pasrom/meeting-transcriber #332", .field, events: [.contentUpdated]),
        Rule(
            .b14, "the item, and bindings the content reads, are fresh (reading the state in body, onChange too)",
            source: "seed 001; pasrom/meeting-transcriber #332", .field),
        Rule(
            .b15,
            "body re-evaluation is reported like _printChanges(); on 18+ an observable property by its key path",
            source: "seed 001 (the _printChanges() lines field reports show too); iOS 18 release notes 111392797",
            .field, events: [.bodyEvaluated]),
        Rule(
            .b16,
            "sheet content inherits the environment of its modifier's view; an object injected only below or beside it is not visible",
            source: "oleb.net, \"Sheets don't inherit the environment\" (updated Aug 2020: fixed in the iOS 14 SDK)",
            .single, flag: .strictEnvironment, events: [.contentError]),
        Rule(
            .b17,
            "detent heights from maxDetentValue: large, medium x 0.5, fraction, height(h) = min(h, max), custom; clamped",
            os: OSRange(from: "16"),
            source: "seed 003; Apple docs; Apple's example custom detent max(44, maxDetentValue * 0.1)", .appleDoc,
            events: [.detentClamped, .heightChanged, .contentError]),
        Rule(
            .b18, "medium is inactive when the vertical size class is compact", os: OSRange(from: "16"),
            source: "Apple docs", .appleDoc, events: [.heightChanged]),
        Rule(
            .b19, "detents take effect only in compact width; in regular width a sheet is a form sheet",
            os: OSRange(from: "16"), source: "seed 003", .seed, events: [.adapted]),
        Rule(
            .b20, "a sheet in compact height adapts to full screen, unless its content asks to stay a sheet (16.4+)",
            source: "Apple docs, presentationCompactAdaptation; UIKit prefersEdgeAttachedInCompactHeight", .appleDoc,
            events: [.adapted]),
        Rule(
            .b21, "presentationDetents takes effect at the content's root or in a plain container only",
            os: OSRange(from: "16"), source: "seed 003", .seed, events: [.modifierIgnored]),
        Rule(
            .b22, "with no selection binding a sheet opens at the smallest active detent", os: OSRange(from: "16"),
            source: "UIKit selectedDetentIdentifier docs", .appleDoc),
        Rule(
            .b23,
            "a selection binding reflects the current detent; setting it moves the sheet; a value outside the set is an error",
            os: OSRange(from: "16"), source: "seed 003; Apple docs", .appleDoc, events: [.invalidSelection]),
        Rule(
            .b24, "with a selection binding a sheet reopens at the detent it had when it closed",
            os: OSRange(from: "16"), source: "seed 003", .seed),
        Rule(
            .b25,
            "a single-detent sheet cannot be resized by dragging; dragging it down past the threshold dismisses it",
            os: OSRange(from: "16"), source: "seed 003", .seed, events: [.drag]),
        Rule(
            .b26,
            "a released drag settles on the detent nearest the position projected by velocity, or dismisses below half the smallest",
            source:
                "modelled on FloatingPanel (projection (v/1000) r/(1-r), r = 0.998) and PanModal; UIKit publishes none",
            .assumption, events: [.drag, .release]),
        Rule(
            .b27, "taps reach the presenter while the sheet is at or below its background-interaction detent",
            os: OSRange(from: "16.4"), source: "Apple docs, presentationBackgroundInteraction", .appleDoc,
            events: [.backgroundTap], elsewhere: [.backgroundTap: .all]),
        Rule(
            .b28, "before iOS 16 there are no detents: every sheet is full height", os: OSRange(through: "15"),
            source: "Apple docs (presentationDetents is iOS 16); seed 003", .appleDoc),
        Rule(
            .b29, "a detent change made by code produces no user-change event; one made by dragging does",
            os: OSRange(from: "16"), source: "UIKit delegate docs", .appleDoc,
            events: [.detentChanged, .userChangedDetent]),
        Rule(
            .b30,
            "in regular width a sheet without presentationSizing is a form sheet from 18; before, what is now .page",
            source: "iOS 18 release notes 117551515, 128902804; presentationSizing docs", .appleDoc,
            events: [.heightChanged, .modifierIgnored]),
        Rule(
            .b31, "a sheet modifier removed while presenting leaves its binding as it was (18+); before, it is reset",
            source: "iOS 18 release notes 123742063", .appleDoc, events: [.writeBack]),
        Rule(
            .b32,
            "size-dependent detents are resolved once per layout (18+); before, they re-resolve and may oscillate",
            source: "iOS 18 release notes 117699610", .appleDoc, events: [.oscillation]),
        Rule(
            .b33, "interactiveDismissDisabled takes effect only at the root of the sheet content",
            os: OSRange(from: "18.0"), source: "woocommerce/woocommerce-ios #16836", .single,
            flag: .dismissDisabledAtRootOnly, events: [.modifierIgnored, .dismissing]),
        Rule(
            .b34, "a sheet presented again within the reopen window after a dismissal ended ignores its detents",
            os: OSRange(from: "18.0", through: "18.0"),
            source: "VAndrJ/awesome-apple-bugs SheetIssuePresentationDetentsIgnoredOnReopen (reproduction, workaround)",
            .field, events: [.modifierIgnored]),
        Rule(
            .b35,
            "nested presentations requested in one update: only the first is presented; the others stay blocked until it closes",
            os: OSRange(from: "16", through: "18.0"),
            source: "VAndrJ/awesome-apple-bugs SheetIssueStateRestorationMultiplePresented", .field,
            flag: .restoredNestedBlocked, events: [.modifierIgnored]),
        Rule(
            .b36,
            "a sheet below full height is inset (8 pt) with a glass background; at full height it is edge-attached and opaque",
            os: OSRange(from: "26"),
            source: "Apple \"Adopting Liquid Glass\"; WWDC25 session 323; one measured view tree for the numbers",
            .appleDoc, numbers: "sheetInset", events: [.placementChanged]),
        Rule(
            .b37,
            "a detent within 10.2 pt of full height keeps its height, opaque and edge-attached (no stacked switch)",
            os: OSRange(from: "26"), source: "wanteddev/montage-ios #520", .single,
            events: [.heightChanged, .placementChanged], elsewhere: [.heightChanged: .all]),
        Rule(
            .b38,
            "a sheet with a zoom transition presents from the view (18+) or toolbar item (26+) marked as its source",
            os: OSRange(from: "18.0"),
            source: "NavigationTransition.zoom(sourceID:in:), ToolbarContent.matchedTransitionSource(id:in:) docs",
            .appleDoc, events: [.presenting], elsewhere: [.modifierIgnored: .all]),
        Rule(
            .b39,
            "a zoom sheet in compact width stays a sheet (26+); before, it presented as a full-screen cover",
            os: OSRange(from: "18.0"), source: "iOS 26 release notes 150455117", .appleDoc, events: [.presenting]),
        Rule(
            .b40,
            "a toolbar sheet requested in the update that dismisses a popover is not shown; the binding stays set",
            os: OSRange(through: "18.4"), source: "iOS 26 release notes 150764801 (fixed in 26)", .appleDoc,
            flag: .popoverDismissHidesSheet, events: [.modifierIgnored]),
        Rule(
            .b41,
            "when the selected detent leaves the set, the sheet jumps to an active detent without animation; the binding follows",
            os: OSRange(from: "16"), source: "FB19252983 (feedback-assistant/reports #699)", .single,
            events: [.detentChanged]),
        Rule(
            .b42, "tapping the drag indicator moves the sheet to the next detent, animated, as a user change",
            os: OSRange(from: "16"), source: "FB21706305", .single, events: [.grabberTap, .userChangedDetent]),
        Rule(
            .b43,
            "controlSize, buttonSizing, buttonRepeatBehavior, menuIndicatorVisibility and ButtonBorderShape reset in sheets",
            os: OSRange(from: "27"), source: "iOS 27 release notes 167448274", .appleDoc, events: [.environmentReset]),
        Rule(
            .b44,
            "presentationPlacement (automatic, center, leading, trailing) sets where a sheet sits; only sheets respect it",
            os: OSRange(from: "27"), source: "presentationPlacement docs (beta)", .appleDoc, events: [.modifierIgnored],
            elsewhere: [.modifierIgnored: .all]),
        Rule(
            .b45, "a sheet with navigationTransition(.crossFade) fades in over the content, with its own timing",
            os: OSRange(from: "27"), source: "NavigationTransition.crossFade docs (beta)", .appleDoc,
            events: [.presenting], elsewhere: [.modifierIgnored: .all]),
        Rule(
            .b46,
            "while a zoom dismissal runs, the outgoing content takes taps; onDisappear runs when the transition ends",
            os: OSRange(from: "26"), source: "Evil-Project/Twinskaraoke #96; expo/expo #50042", .single,
            events: [.backgroundTap]),
        Rule(
            .b47,
            "with sticky sizing a form sheet grows with its content along a sticky axis and keeps its largest size",
            os: OSRange(from: "18.0"), source: "PresentationSizing.sticky(horizontal:vertical:) docs", .appleDoc,
            events: [.heightChanged]),
        Rule(
            .b48, "focusing a text field in a sheet at a smaller detent moves it to the largest detent, animated",
            os: OSRange(from: "26"),
            source: "FB17890661 (feedback-assistant/reports #669); lodev09/react-native-true-sheet #588", .field,
            flag: .textFocusExpands, events: [.textFieldFocused, .userChangedDetent]),
        Rule(
            .b49,
            "a detent change made while the present transition runs waits until the sheet is presented, then applies",
            source:
                "lodev09/react-native-true-sheet #555, PRs #551, #557; consistent with HedvigInsurance/ugglan #2515 (version not stated)",
            .field, flag: .detentChangesWaitWhilePresenting, events: [.deferred, .detentChanged, .heightChanged]),
        Rule(
            .b50,
            "changing the detents while the user drags is a hazard (crashes on 26): a warning; applied when the drag ends",
            os: OSRange(from: "26"), source: "quran/quran-ios PRs #956, #971", .single,
            events: [.hazard, .detentChanged, .heightChanged]),
        Rule(
            .b51, "a button in scrolling sheet content still fires its action when a sheet drag starts on it",
            os: OSRange(from: "18.0"),
            source:
                "FB18927179 (swiftui-garden.com, 26.0); VAndrJ/awesome-apple-bugs ButtonActionNotCancelledDuringScrollInSheet (18.0-18.2)",
            .field, flag: .dragDoesNotCancelTaps, events: [.buttonAction]),
        Rule(
            .b52,
            "a zoom source marked after drawingGroup() or a hover effect, or two sources with one id, give no zoom",
            os: OSRange(from: "26"), source: "katagaki/SakuraRSS PR #264; everpcpc/KMReader PR #196", .single,
            events: [.modifierIgnored]),
        Rule(
            .p01,
            "queue reopen: a request made while a sheet is shown or closing is held and presented when it has closed",
            source: "seed 000 (SheetItemState)", .seed),
        Rule(
            .p02, "reset detent on dismiss: when the sheet has closed, its selection goes back to a given detent",
            source: "seed 003", .seed),
        Rule(
            .p03, "bar detent: a custom detent max(44, maxDetentValue * 0.1)", source: "seed 003; Apple docs", .appleDoc
        ),
        Rule(
            .p04, "one presenter for sheet and cover, so both work on every OS version", source: "seed 004", .seed),
        Rule(
            .p05, "a modifier presenting again and again with no user input in between is reported and stopped",
            source: "seed 000 (sheets opening and closing by themselves)", .seed, events: [.oscillation]),
    ]

    /// The catalogue by id.
    static let byID: [RuleID: Rule] = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.id, $0) })

    /// The numbers and choices the engine makes that no rule's source settles.
    public static let assumptions: [Assumption] = [
        Assumption(
            "maxDetentValue",
            "the height a sheet appears in: screen height - top safe area - 10 pt (up to 18); - 0 pt on 26",
            source: "none before 26; on 26 one measured view tree (large sheet at (0, 62, 402, 812))", .assumption),
        Assumption(
            "timings", "present 500 ms, dismiss 500 ms, the rest of a swipe 250 ms (B01); the same on 26 and 27",
            source: "libraries' practice (PanModal 0.5 s); no source gives sheet durations for 26", .assumption),
        Assumption(
            "formSheetHeight", "the height of a form sheet in regular width, per device (B19, B30)",
            source: "none (a device constant)", .assumption),
        Assumption(
            "reopenWindow", "B34's window: 400 ms after the dismissal ended",
            source: "the workaround's 0.4 s in awesome-apple-bugs", .field),
        Assumption(
            "sheetInset", "B36's inset of a partial-height sheet: 8 pt left, right and bottom",
            source: "one measured view tree (a third-party design document)", .single),
        Assumption(
            "stackedSwitchDistance", "B37's distance from full height: 10.2 pt", source: "wanteddev/montage-ios #520",
            .single),
        Assumption(
            "zoomDismiss", "B46's zoom dismissal: 900 ms", source: "Evil-Project/Twinskaraoke #96 (about 0.9 s)",
            .single),
        Assumption(
            "crossFade", "B45's cross-fade presentation: 500 ms (B01's default)", source: "none", .assumption),
        Assumption(
            "detentRemovedTarget", "B41 jumps to the active detent nearest in height to the one that left",
            source: "none (the report says only that it jumps)", .assumption),
        Assumption(
            "grabberOrder", "B42 goes to the next larger detent, and from the largest to the smallest",
            source: "FB21706305 (large to the smaller detent)", .single),
        Assumption(
            "sizeDependentRounds",
            "B32: before 18 a size-dependent detent re-resolves up to 8 times before P05 stops it",
            source: "none (the notes say only that it may oscillate before settling)", .assumption),
    ]
}
