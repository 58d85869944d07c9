package maw.game;

import java.util.Set;

/** Who may write in an open room and who may read it. */
public record Access(Set<String> writers, Set<String> readers) {

    public Access {
        writers = Set.copyOf(writers);
        readers = Set.copyOf(readers);
    }
}
