package maw.game.maw;

import maw.base.Role;

/** A player at the table: name, role and whether still alive. */
public record Seat(String name, Role role, boolean alive) {

    Seat dead() {
        return new Seat(name, role, false);
    }
}
