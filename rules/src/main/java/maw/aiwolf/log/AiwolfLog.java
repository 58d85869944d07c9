package maw.aiwolf.log;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.aiwolf.game.AiwolfEvent;
import maw.base.Role;
import maw.base.Team;

/**
 * A game in the official AIWolf server's log format, one comma-separated line per event, as its log viewer and
 * analysis scripts read it: {@code day,status,agent,ROLE,ALIVE|DEAD,name} for every agent at each day's start and at
 * the end; {@code day,talk,idx,turn,agent,text} and {@code day,whisper,...}; {@code day,vote,voter,target};
 * {@code day,execute,agent,ROLE}; {@code day,divine,seer,target,SPECIES}; {@code day,guard,bodyguard,target,ROLE};
 * {@code day,attackVote,wolf,target}; {@code day,attack,target,true|false} ({@code -1,false}: nobody);
 * {@code day,result,aliveHumans,aliveWolves,VILLAGER|WEREWOLF}. Agents are their number in the game (from 1).
 */
public final class AiwolfLog {

    private final List<String> players;
    private final Map<String, Role> roles = new LinkedHashMap<>();
    private final Map<String, Boolean> alive = new HashMap<>();
    private final List<String> lines = new ArrayList<>();
    private int day;

    /** A log of a game among {@code players} (in their order in the game). */
    public AiwolfLog(List<String> players) {
        this.players = List.copyOf(players);
        players.forEach(p -> alive.put(p, true));
    }

    private int n(String player) {
        return player == null ? -1 : players.indexOf(player) + 1;
    }

    /** Adds the lines of {@code events} (every event of the game, whatever its audience, in order). */
    public void add(List<AiwolfEvent> events) {
        for (AiwolfEvent e : events) {
            switch (e) {
                case AiwolfEvent.Dealt d -> {
                    roles.put(d.player(), d.role());
                    if (roles.size() == players.size()) {
                        status();
                    }
                }
                case AiwolfEvent.DayBegan d -> {
                    day = d.day();
                    if (d.attacked() != null) {
                        alive.put(d.attacked(), false);
                    }
                    status();
                }
                case AiwolfEvent.Turn t -> t.utterances().forEach(u -> lines.add(u.day() + ","
                        + (t.whisper() ? "whisper" : "talk") + "," + u.idx() + "," + u.turn() + "," + n(u.agent())
                        + "," + u.text()));
                case AiwolfEvent.Votes v -> v.ballots().forEach((voter, target) -> lines.add(v.day() + ","
                        + (v.attack() ? "attackVote" : "vote") + "," + n(voter) + "," + n(target)));
                case AiwolfEvent.Executed x -> {
                    alive.put(x.player(), false);
                    lines.add(x.day() + ",execute," + n(x.player()) + "," + roles.get(x.player()).name());
                }
                case AiwolfEvent.Divined d -> lines.add(d.day() + ",divine," + n(d.seer()) + "," + n(d.target()) + ","
                        + d.species().name());
                case AiwolfEvent.Guarded g -> lines.add(g.day() + ",guard," + n(g.bodyguard()) + "," + n(g.target())
                        + "," + roles.get(g.target()).name());
                case AiwolfEvent.Attack a -> lines.add(a.day() + ",attack," + (a.target() == null ? "-1,false"
                        : n(a.target()) + "," + !a.guarded()));
                case AiwolfEvent.Over o -> {
                    status();
                    long wolves = players.stream().filter(p -> alive.get(p) && roles.get(p) == Role.WEREWOLF)
                            .count();
                    long humans = players.stream().filter(alive::get).count() - wolves;
                    lines.add(day + ",result," + humans + "," + wolves + ","
                            + (o.winner() == null ? "NONE" : o.winner() == Team.VILLAGERS ? "VILLAGER"
                                    : "WEREWOLF"));
                }
                default -> { }
            }
        }
    }

    private void status() {
        for (String p : players) {
            lines.add(day + ",status," + n(p) + "," + roles.get(p).name() + "," + (alive.get(p) ? "ALIVE" : "DEAD")
                    + "," + p);
        }
    }

    /** The log so far, a line each. */
    public List<String> lines() {
        return List.copyOf(lines);
    }
}
