package maw.aiwolf.link;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import maw.aiwolf.game.AiwolfEvent;
import maw.base.Role;

/**
 * What one seat of an AIWolf game knows, kept from the events it hears (it is told nothing it should not know): the
 * facts both servers' packets are written from, each in its own dialect ({@code gameInfo} over TCP, {@code info} at
 * the NLP server). It keeps the roles the seat knows, who lives, the day's talk and whispers with how much of them the
 * agent was sent, and the day's news (the execution, the votes, the divination) beside the day before's, which the NLP
 * server shows a day late.
 */
public final class SeatLog {

    /** One day's news as the seat heard it (null where nothing happened). */
    public record News(String executed, AiwolfEvent.Votes votes, AiwolfEvent.Votes attackVotes,
            AiwolfEvent.Divined divined) {
        static final News NONE = new News(null, null, null, null);

        /** Whether anything happened. */
        public boolean any() {
            return executed != null || votes != null || divined != null;
        }

        News with(AiwolfEvent e) {
            return switch (e) {
                case AiwolfEvent.Executed x -> new News(x.player(), votes, attackVotes, divined);
                case AiwolfEvent.Votes v when v.attack() -> new News(executed, votes, v, divined);
                case AiwolfEvent.Votes v -> new News(executed, v, attackVotes, divined);
                case AiwolfEvent.Divined d -> new News(executed, votes, attackVotes, d);
                default -> this;
            };
        }
    }

    private final List<String> players;
    private final String me;
    private Role role;
    private final Map<String, Role> known = new LinkedHashMap<>();
    private final Map<String, Role> everyRole = new LinkedHashMap<>();
    private final Map<String, Boolean> alive = new LinkedHashMap<>();
    private int day;
    private final List<AiwolfEvent.Utterance> talks = new ArrayList<>();
    private final List<AiwolfEvent.Utterance> whispers = new ArrayList<>();
    private int talksSent;
    private int whispersSent;
    private News today = News.NONE;
    private News yesterday = News.NONE;
    private String attacked;
    private String lastExecuted;
    private String executedByMorning;
    private AiwolfEvent.Divined lastDivined;
    private AiwolfEvent.Identified lastIdentified;
    private String guarded;

    /** The seat of {@code me} among {@code players} (in agent order). */
    public SeatLog(List<String> players, String me) {
        this.players = List.copyOf(players);
        this.me = me;
        players.forEach(p -> alive.put(p, true));
    }

    /** Takes an event the seat heard. */
    public void hear(AiwolfEvent e) {
        switch (e) {
            case AiwolfEvent.Dealt d -> {
                role = d.role();
                known.put(me, d.role());
                d.pack().forEach(p -> known.put(p, Role.WEREWOLF));
                newDay(0);
            }
            case AiwolfEvent.DayBegan d -> {
                attacked = d.attacked();
                if (d.attacked() != null) {
                    alive.put(d.attacked(), false);
                }
                executedByMorning = lastExecuted;
                yesterday = today;
                today = News.NONE;
                newDay(d.day());
            }
            case AiwolfEvent.Turn t -> (t.whisper() ? whispers : talks).addAll(t.utterances());
            case AiwolfEvent.Votes v -> today = today.with(v);
            case AiwolfEvent.Executed x -> {
                alive.put(x.player(), false);
                lastExecuted = x.player();
                today = today.with(x);
            }
            case AiwolfEvent.Divined d when d.seer().equals(me) -> {
                lastDivined = d;
                today = today.with(d);
            }
            case AiwolfEvent.Identified i when i.medium().equals(me) -> lastIdentified = i;
            case AiwolfEvent.Guarded g -> guarded = g.target();
            case AiwolfEvent.Over o -> everyRole.putAll(o.roles());
            default -> { }
        }
    }

    private void newDay(int d) {
        day = d;
        talks.clear();
        whispers.clear();
        talksSent = 0;
        whispersSent = 0;
    }

    /** The bodyguard's guard of tonight (the seat knows its own act). */
    public void guarded(String target) {
        guarded = target;
    }

    public String me() {
        return me;
    }

    public List<String> players() {
        return players;
    }

    /** A player's agent number (1 for the first; -1: nobody). */
    public int n(String player) {
        return player == null ? -1 : players.indexOf(player) + 1;
    }

    public Role role() {
        return role;
    }

    public int day() {
        return day;
    }

    /** The roles the seat knows during the game: its own, and a werewolf's pack. */
    public Map<String, Role> knownRoles() {
        return known;
    }

    /** Every role, once the game is over (empty before). */
    public Map<String, Role> everyRole() {
        return everyRole;
    }

    public boolean alive(String player) {
        return alive.getOrDefault(player, false);
    }

    /** The living, in agent order. */
    public List<String> living() {
        return players.stream().filter(this::alive).toList();
    }

    /** Today's news so far, and the day before's. */
    public News today() {
        return today;
    }

    public News yesterday() {
        return yesterday;
    }

    /** Who was attacked in the night before today (null: nobody died). */
    public String attacked() {
        return attacked;
    }

    /** The latest execution, and the latest by this morning. */
    public String lastExecuted() {
        return lastExecuted;
    }

    public String executedByMorning() {
        return executedByMorning;
    }

    /** The seat's latest divination and identification (a seer's, a medium's), and its latest guard. */
    public AiwolfEvent.Divined lastDivined() {
        return lastDivined;
    }

    public AiwolfEvent.Identified lastIdentified() {
        return lastIdentified;
    }

    public String guarded() {
        return guarded;
    }

    /** Today's talk, and the whispers (a werewolf's). */
    public List<AiwolfEvent.Utterance> talks() {
        return talks;
    }

    public List<AiwolfEvent.Utterance> whispers() {
        return whispers;
    }

    /** The talk not sent to the agent yet, from now on sent. */
    public List<AiwolfEvent.Utterance> unsentTalks() {
        List<AiwolfEvent.Utterance> out = List.copyOf(talks.subList(talksSent, talks.size()));
        talksSent = talks.size();
        return out;
    }

    /** The whispers not sent to the agent yet, from now on sent. */
    public List<AiwolfEvent.Utterance> unsentWhispers() {
        List<AiwolfEvent.Utterance> out = List.copyOf(whispers.subList(whispersSent, whispers.size()));
        whispersSent = whispers.size();
        return out;
    }

    /** The agent is to be sent the day's talk and whispers from their first again. */
    public void resend() {
        talksSent = 0;
        whispersSent = 0;
    }
}
