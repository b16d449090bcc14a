extension SheetApp {
    /// The layout of the current orientation.
    var layout: DeviceLayout { profile.device.layout(orientation) }

    /// How a presentation is shown here (B19, B20).
    func style(of p: Presentation) -> PresentationStyle {
        if p.kind == .fullScreenCover { return .fullScreen }
        let staysSheet = (p.content?.staysSheetInCompactHeight ?? false) && profile.os.supportsCompactAdaptation
        if layout.verticalSizeClass == .compact && !staysSheet { return .fullScreen }
        if layout.horizontalSizeClass == .regular { return .formSheet }
        return .sheet
    }

    /// The detents modifier when it takes effect: iOS 16 or later (B28),
    /// applied where it counts (B21), on an edge-attached sheet (B19, B20).
    func effectiveDetents(_ p: Presentation, style: PresentationStyle) -> DetentsModifier? {
        guard style == .sheet, profile.os.supportsDetents, let d = p.content?.detents, d.placement.takesEffect else {
            return nil
        }
        return d
    }

    /// B17, B18: resolves the detents in effect to heights, smallest first.
    /// Inactive detents are left out; with none left the sheet is `large`.
    func resolveDetents(_ p: Presentation, style: PresentationStyle, report: Bool) -> [ResolvedDetent] {
        let layout = self.layout
        switch style {
        case .fullScreen: return [ResolvedDetent(detent: .large, height: layout.height)]
        case .formSheet: return [ResolvedDetent(detent: .large, height: profile.device.formSheetHeight)]
        case .sheet: break
        }
        let maxValue = layout.maxDetentValue
        guard let modifier = effectiveDetents(p, style: style) else {
            return [ResolvedDetent(detent: .large, height: maxValue)]
        }
        var out: [ResolvedDetent] = []
        for d in modifier.detents {
            let raw: Double?
            switch d {
            case .large: raw = maxValue
            case .medium: raw = layout.verticalSizeClass == .compact ? nil : maxValue * 0.5
            case .fraction(let f): raw = maxValue * f
            case .height(let h): raw = h
            case .custom(let name): raw = resolveCustom(name, p, report: report)
            }
            guard var height = raw else { continue }
            if !(height >= 0 && height <= maxValue) {
                let clamped = height.isNaN ? 0 : min(max(height, 0), maxValue)
                // height(h) is min(h, max) by definition; only other overflows are news.
                if report, !(d == .height(height) && height > maxValue) {
                    emit(
                        Event(
                            time: now, kind: .detentClamped, presenter: p.modifier.view, item: p.itemID,
                            detent: d.description, height: clamped,
                            detail:
                                "\(d) resolved to \(Value.format(height)); clamped to [0, \(Value.format(maxValue))] (B17)"
                        ))
                }
                height = clamped
            }
            out.append(ResolvedDetent(detent: d, height: height))
        }
        if out.isEmpty { return [ResolvedDetent(detent: .large, height: maxValue)] }
        // Stable: equal heights keep the order they were declared in.
        return out.enumerated().sorted { a, b in
            a.element.height == b.element.height ? a.offset < b.offset : a.element.height < b.element.height
        }.map(\.element)
    }

    /// Asks the first policy that defines a custom detent for its height.
    func resolveCustom(_ name: String, _ p: Presentation, report: Bool) -> Double? {
        let context = DetentContext(
            maxDetentValue: layout.maxDetentValue, horizontalSizeClass: layout.horizontalSizeClass,
            verticalSizeClass: layout.verticalSizeClass)
        guard let policy = policies.first(where: { $0.customDetents.contains(name) }) else {
            if report {
                emit(
                    Event(
                        time: now, kind: .contentError, presenter: p.modifier.view, item: p.itemID,
                        detail: "no loaded policy resolves custom(\(name)); the detent is inactive"))
            }
            return nil
        }
        do {
            return try policy.resolveDetent(name, context)
        } catch {
            if report { policyFailed(policy, error) }
            return nil
        }
    }

    /// Works out style, detents, current detent and height of the
    /// presentation at `index`, and reports what changed (rotation, new content).
    func layOut(_ index: Int, initial: Bool) {
        let p = presentations[index]
        let style = style(of: p)
        let active = resolveDetents(p, style: style, report: true)
        let modifier = effectiveDetents(p, style: style)
        let selection = modifier?.selection
        if initial, let d = p.content?.detents, !d.placement.takesEffect {
            emit(
                Event(
                    time: now, kind: .modifierIgnored, presenter: p.modifier.view, item: p.itemID,
                    detail:
                        "presentationDetents applied \(d.placement == .navigationStack ? "inside a NavigationStack" : "on a view not loaded at presentation") has no effect (B21)"
                ))
        }

        var current: Detent
        if let selection, let wanted = value(selection) {
            if let d = wanted.asDetent, active.contains(where: { $0.detent == d }) {
                current = d
            } else {
                current = keptOrSmallest(p, active, initial: initial)
                emit(
                    Event(
                        time: now, kind: .invalidSelection, presenter: p.modifier.view, item: p.itemID,
                        detent: current.description,
                        detail:
                            "selection \(wanted) is not one of the active detents \(list(active)) (B23); showing \(current)"
                    ))
            }
        } else {
            current = keptOrSmallest(p, active, initial: initial)  // B22
        }
        let height = active.first { $0.detent == current }!.height
        let (styleBefore, heightBefore, detentBefore) = (p.style, p.height, p.detent)
        presentations[index].style = style
        presentations[index].detents = active
        presentations[index].detent = current
        presentations[index].height = height
        presentations[index].selection = selection
        if let selection, let wanted = value(selection), wanted.asDetent != current {
            applyWrites([StateWrite(selection, .detent(current))], cause: .engine("selection"))
        }
        guard !initial else { return }
        if styleBefore != style {
            emit(
                Event(
                    time: now, kind: .adapted, presenter: p.modifier.view, item: p.itemID, detent: current.description,
                    height: height,
                    detail: "\(styleBefore.rawValue) -> \(style.rawValue)"
                        + (style == .fullScreen && p.kind == .sheet ? " (compact height, B20)" : "")))
        } else if heightBefore != height || detentBefore != current {
            emit(
                Event(
                    time: now, kind: .heightChanged, presenter: p.modifier.view, item: p.itemID,
                    detent: current.description,
                    height: height, detail: "detents re-resolved: \(list(active))"))
        }
    }

    func keptOrSmallest(_ p: Presentation, _ active: [ResolvedDetent], initial: Bool) -> Detent {
        if !initial, let d = p.detent, active.contains(where: { $0.detent == d }) { return d }
        return active[0].detent
    }

    func list(_ detents: [ResolvedDetent]) -> String {
        "[" + detents.map { "\($0.detent)=\(Value.format(($0.height * 10).rounded() / 10))" }.joined(separator: ", ")
            + "]"
    }

    /// B23, B29: the selection binding was written by code: move the sheet,
    /// without a user-change event. A value outside the active set is an error.
    func selectionChanged(presentationID id: Int, to value: Value) {
        guard let i = presentationIndex(id: id), let selection = presentations[i].selection else { return }
        let p = presentations[i]
        guard let d = value.asDetent, let r = p.detents.first(where: { $0.detent == d }) else {
            emit(
                Event(
                    time: now, kind: .invalidSelection, presenter: p.modifier.view, item: p.itemID,
                    detent: p.detent?.description,
                    detail:
                        "selection \(value) is not one of the active detents \(list(p.detents)) (B23); the sheet stays")
            )
            if let current = p.detent {
                applyWrites([StateWrite(selection, .detent(current))], cause: .engine("selection"))
            }
            return
        }
        guard d != p.detent else { return }
        presentations[i].detent = d
        presentations[i].height = r.height
        emit(
            Event(
                time: now, kind: .detentChanged, presenter: p.modifier.view, item: p.itemID, detent: d.description,
                height: r.height, detail: "set by code, animated; no user-change event (B29)"))
    }
}
