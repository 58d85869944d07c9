package maw.game;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A chat room of a rule set: MAW's daytime {@link #VILLAGE} and the werewolves' night {@link #HIDEOUT}, or one a rule
 * set brings ({@link Rules#rooms}). The rules say when it opens and who writes and reads it ({@link GameView#rooms});
 * a ChatRoom agent keeps it. A secret room's lines are for its members and the god view only; a public room's, for
 * every watcher. The words say why a message is refused, as the room's members are told.
 *
 * @param name       the room's name in agent names and files ({@code village}): lower-case letters, digits, dashes
 * @param title      its name as people read it ({@code Village})
 * @param secret     whether only its members (and the god view) learn what is said in it
 * @param whenClosed why nobody may write while it is closed
 * @param notMember  why a player who is not a member may not read or write it
 * @param readOnly   why a member who may read it may not write
 */
public record Room(String name, String title, boolean secret, String whenClosed, String notMember, String readOnly) {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,23}");

    public Room {
        Objects.requireNonNull(title, "title");
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a room's name is 1 to 24 lower-case letters, digits or dashes, "
                    + "starting with a letter: " + name);
        }
    }

    /** A room with the usual words. */
    public Room(String name, String title, boolean secret) {
        this(name, title, secret, "the " + title + " is closed now", "you are not a member of the " + title,
                "you may read the " + title + " but not write in it");
    }

    /** The Village, open by day: the living talk, everyone reads. */
    public static final Room VILLAGE = new Room("village", "Village", false,
            "the Village is closed: the village sleeps", "you are not a player in this game",
            "dead players watch the Village but cannot speak");

    /** The Hideout, open by night: the living werewolves talk and read. */
    public static final Room HIDEOUT = new Room("hideout", "Hideout", true,
            "the Hideout is closed: the werewolves meet at night", "the Hideout is for the werewolves",
            "the Hideout is for the living werewolves");
}
