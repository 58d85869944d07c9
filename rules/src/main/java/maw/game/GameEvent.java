package maw.game;

/** What a rule set announces, in any rule set: each event names the audience allowed to learn it. */
public interface GameEvent {

    Audience audience();

    /** The phase this event begins, if it begins one: the GameMaster then switches the rooms and the timer. */
    default PhaseId began() {
        return null;
    }
}
