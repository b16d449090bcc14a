/// Where a presentation is drawn, as pure functions of the OS, the device's
/// layout and the content: its size in regular width (B30), its placement
/// near full height (B36, B37) and its frame (B44).
extension DetentResolver {
    /// B36's inset of a sheet below full height, and B44's margin (one measured view tree).
    static let inset = 8.0
    /// B37's distance from full height within which a detent counts as full height.
    static let stackedSwitchDistance = 10.2
    /// Widths of a form and a page sheet in regular width (UIKit's sheet sizes; an assumption here).
    static let formSheetWidth = 540.0
    static let pageSheetWidth = 704.0
    /// A popover's size when its content gives no fitted height (an assumption).
    static let popoverSize = 320.0

    /// B30: in regular width a sheet without presentationSizing is a form sheet from 18; before, what is now .page.
    ///
    /// `presentationSizing` exists from 18; before, every regular-width sheet is `.page`.
    func sizing(_ content: SheetContent) -> PresentationSizing {
        os.formSizingDefault ? content.sizing ?? .form : .page
    }

    /// The height of a form sheet or popover: `.form` the device's form sheet
    /// height, `.page` the height a large sheet has, `.fitted` what the content asks (capped at `.page`).
    func regularHeight(_ content: SheetContent, style: PresentationStyle) -> Double {
        let page = layout.maxDetentValue
        if style == .popover { return min(content.fittedHeight ?? Self.popoverSize, page) }
        switch sizing(content) {
        case .form: return min(formSheetHeight, page)
        case .page: return page
        case .fitted: return min(content.fittedHeight ?? formSheetHeight, page)
        }
    }

    /// B37: a detent within 10.2 pt of full height keeps its height, opaque and edge-attached (no stacked switch).
    ///
    /// Whether a height is shown as the large sheet on this OS.
    func isStacked(_ height: Double) -> Bool {
        let maxValue = layout.maxDetentValue
        return os.stacksNearFullHeight && height < maxValue && height >= maxValue - Self.stackedSwitchDistance
    }

    /// B36: a sheet below full height is inset (8 pt) with a glass background; at full height it is edge-attached and
    /// opaque.
    ///
    /// Only edge-attached sheets have a placement; before 26 every sheet is edge-attached.
    func placement(style: PresentationStyle, height: Double) -> SheetPlacement? {
        guard style == .sheet else { return nil }
        guard os.insetSheets else { return .edgeAttached }
        return height >= layout.maxDetentValue - Self.stackedSwitchDistance ? .edgeAttached : .inset
    }

    /// B44: presentationPlacement (automatic, center, leading, trailing) sets where a sheet sits; only sheets respect
    /// it.
    ///
    /// Where a presentation of this style and height is drawn. A form
    /// sheet is as wide as its sizing and centred unless its content's
    /// placement (27) says leading or trailing.
    func frame(
        style: PresentationStyle, height: Double, sizing: PresentationSizing,
        placement requested: PresentationPlacement?
    )
        -> Frame
    {
        let w = layout.width
        let h = layout.height
        switch style {
        case .fullScreen:
            return Frame(x: 0, y: 0, width: w, height: h)
        case .sheet:
            if placement(style: style, height: height) == .inset {
                return Frame(x: Self.inset, y: h - height - Self.inset, width: w - 2 * Self.inset, height: height)
            }
            return Frame(x: 0, y: h - height, width: w, height: height)
        case .popover:
            let side = min(Self.popoverSize, w)
            return Frame(x: (w - side) / 2, y: layout.safeArea.top, width: side, height: height)
        case .formSheet:
            let width = min(sizing == .page ? Self.pageSheetWidth : Self.formSheetWidth, w)
            let y = (h - height) / 2
            switch os.supportsPresentationPlacement ? requested ?? .automatic : .automatic {
            case .leading: return Frame(x: Self.inset, y: y, width: width, height: height)
            case .trailing: return Frame(x: w - width - Self.inset, y: y, width: width, height: height)
            case .automatic, .center: return Frame(x: (w - width) / 2, y: y, width: width, height: height)
            }
        }
    }
}
