package maw.aiwolf.tcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import maw.agents.Catalog;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.link.AgentLink;
import maw.aiwolf.link.LinkSeatAgent;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.runtime.Jid;

/**
 * A seat filled by an AIWolf agent connected over TCP: the interface agent behind a MAW Player that turns what the
 * seat perceives into the official server's packets ({@code INITIALIZE}, {@code DAILY_INITIALIZE}, the talk and
 * whisper differences, {@code DAILY_FINISH}, {@code FINISH}) and the seat's turns into its requests ({@code TALK},
 * {@code WHISPER}, {@code VOTE}, {@code DIVINE}, {@code GUARD}, {@code ATTACK}), in the official order. An answer that
 * is late, missing or not valid is the regulation's default, played at once (Skip; or a pass, for which the rules give
 * a random vote, no divination or guard, and drop the attack vote), and the game goes on; an agent whose connection is
 * gone is asked nothing and defaults at once, and one that reconnects under its name is told where the game is and
 * plays on.
 */
public final class TcpSeatAgent extends LinkSeatAgent {

    private final AiwolfOptions options;
    private final long gameSeed;
    private final Duration timeLimit;

    private GameInfo info;

    public TcpSeatAgent(Jid jid, String password, AgentLink link, AiwolfOptions options, long gameSeed,
            Duration timeLimit, Jid owner) {
        super(jid, password, link, owner);
        this.options = options;
        this.gameSeed = gameSeed;
        this.timeLimit = timeLimit;
    }

    @Override
    protected void started(Catalog.StartGame sg) {
        info = new GameInfo(sg.players(), me, options.settings());
    }

    @Override
    protected void told(AiwolfEvent e) {
        info.hear(e);
        switch (e) {
            case AiwolfEvent.Dealt d -> link.tell(Packets.line(Packets.Request.INITIALIZE, info.gameInfo(),
                    Packets.gameSetting(options.settings(), gameSeed), null, null));
            case AiwolfEvent.DayBegan d -> dayBegan(d.day());
            case AiwolfEvent.Votes v when !v.attack() -> dailyFinish(v.day());
            case AiwolfEvent.Over over -> link.tell(Packets.line(Packets.Request.FINISH, info.gameInfo(), null,
                    null, null));
            default -> { }
        }
    }

    @Override
    protected void phaseChanged(Catalog.PhaseChange pc) {
        if (pc.new_phase() == Phase.NIGHT && pc.day() == 0) {
            dailyInitialize(0);
            dailyFinish(0); // day 0 has no talk
        }
    }

    @Override
    protected void initializeDay(int day) {
        info.talkHistory(); // the record of what the agent was sent starts again with the day
        info.whisperHistory();
        link.tell(Packets.line(Packets.Request.DAILY_INITIALIZE, info.gameInfo(), null, null, null));
    }

    @Override
    protected void finishDay(int day) {
        link.tell(Packets.line(Packets.Request.DAILY_FINISH, null, null, info.talkHistory(), whispers()));
    }

    private JsonNode whispers() {
        return info.role() == Role.WEREWOLF ? info.whisperHistory() : Packets.array();
    }

    @Override
    protected void tellAgain() {
        link.tell(Packets.line(Packets.Request.INITIALIZE, info.gameInfo(), Packets.gameSetting(options.settings(),
                gameSeed), null, null));
        link.tell(Packets.line(Packets.Request.DAILY_INITIALIZE, info.gameInfo(), null, null, null));
    }

    /** The seat's act for its turn: the agent's answer to the request the turn makes, or the default. */
    @Override
    protected Act turn(SeatView v) {
        boolean night = v.phase() == Phase.NIGHT;
        List<Act.Kind> allowed = v.allowed_actions();
        Map<Act.Kind, List<String>> targets = v.targets() == null ? Map.of() : v.targets();
        if (allowed.contains(Act.Kind.TALK)) {
            Packets.Request r = night ? Packets.Request.WHISPER : Packets.Request.TALK;
            String answer = link.ask(Packets.line(r, null, null, info.talkHistory(), whispers()), timeLimit,
                    r.name());
            return new Act.Talk(answer == null || answer.isBlank() ? "Skip" : answer.strip());
        }
        Act.Kind kind = allowed.contains(Act.Kind.DIVINE) ? Act.Kind.DIVINE
                : allowed.contains(Act.Kind.GUARD) ? Act.Kind.GUARD
                : allowed.contains(Act.Kind.VOTE) ? Act.Kind.VOTE : null;
        if (kind == null) {
            return new Act.Listen();
        }
        if (!night && kind == Act.Kind.VOTE) {
            dailyFinish(v.day());
        }
        Packets.Request r = switch (kind) {
            case DIVINE -> Packets.Request.DIVINE;
            case GUARD -> Packets.Request.GUARD;
            default -> night ? Packets.Request.ATTACK : Packets.Request.VOTE;
        };
        // The first vote and the day-0 divination carry no gameInfo; re-votes and the night's acts a full one.
        boolean full = !(r == Packets.Request.VOTE && v.voted_for() == null && !info.votedToday())
                && !(r == Packets.Request.DIVINE && v.day() == 0);
        String answer = link.ask(Packets.line(r, full ? info.gameInfo() : null, null, info.talkHistory(),
                whispers()), timeLimit, r.name());
        List<String> valid = targets.getOrDefault(kind, List.of());
        Integer n = Packets.parseAgentIdx(answer);
        String target = n == null ? null : nameOf(n, v);
        if (target != null && valid.contains(target)) {
            if (kind == Act.Kind.GUARD) {
                info.guarded(target);
            }
            return switch (kind) {
                case DIVINE -> new Act.Divine(target);
                case GUARD -> new Act.Guard(target);
                default -> new Act.Vote(target);
            };
        }
        if (answer != null) {
            log.debug("{}: AIWolf agent {} answered {} with {}: not a valid target; the default is played", jid(),
                    link.name(), r, AgentLink.cut(answer));
        }
        // No act: the seat passes, and the rules play the regulation's default at once (a vote for a random other
        // player; no divination, no guard; the attack vote dropped), as the official server does with such an answer.
        return new Act.Listen();
    }

    private static String nameOf(int n, SeatView v) {
        List<String> agents = v.agents();
        return agents != null && n >= 1 && n <= agents.size() ? agents.get(n - 1) : null;
    }
}
