package maw.game;

/** The two chat rooms: the Village by day, the werewolves' Hideout by night. */
public enum Room {
    VILLAGE("Village"), HIDEOUT("Hideout");

    private final String title;

    Room(String title) {
        this.title = title;
    }

    /** The room's name as the design document writes it. */
    public String title() {
        return title;
    }
}
