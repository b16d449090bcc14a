import SheetLab
import Testing

/// The values the DocC catalog lists as `Sendable` are `Sendable`: this
/// file does not compile otherwise.
@Suite struct SendableTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func documentedValues_areSendable() {
        requireSendable(Profile.self)
        requireSendable(Device.self)
        requireSendable(OSVersion.self)
        requireSendable(AppState.self)
        requireSendable(PresentationState.self)
        requireSendable(ViewState.self)
        requireSendable(HeldState.self)
        requireSendable(Event.self)
        requireSendable(EventKind.self)
        requireSendable(Severity.self)
        requireSendable(Timeline.self)
        requireSendable(Value.self)
        requireSendable(StateRef.self)
        requireSendable(Detent.self)
        requireSendable(Phase.self)
        requireSendable(EngineError.self)
        requireSendable(LuaError.self)
        requireSendable(LuaLimits.self)
        requireSendable(ExpectationFailure.self)
        requireSendable(PolicySource.self)
        requireSendable(SessionConfiguration.self)
        requireSendable(ProfileID.self)
        requireSendable(ScenarioOutcome.self)
        requireSendable(ScenarioError.self)
        requireSendable(Orientation.self)
    }
}
