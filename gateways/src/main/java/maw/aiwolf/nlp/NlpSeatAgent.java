package maw.aiwolf.nlp;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
import maw.runtime.Ulid;

/**
 * A seat filled by an agent of the AIWolf NLP contest connected over WebSocket: the interface agent behind a MAW
 * Player that turns what the seat perceives into the NLP server's packets (INITIALIZE, DAILY_INITIALIZE, DAILY_FINISH,
 * FINISH, each with its {@code info}) and the seat's turns into its requests (TALK, WHISPER, VOTE, DIVINE, GUARD,
 * ATTACK), in the server's order. A talk that is late or missing is a free Skip; a vote, divination, guard or attack
 * that is late or names nobody living is no act (as the server ignores it); the game goes on, and an agent that
 * reconnects under its name is told the game and the day again.
 */
public final class NlpSeatAgent extends LinkSeatAgent {

    private final AiwolfOptions options;
    private final String gameId;
    private final Duration action;
    private final Duration response;

    private NlpInfo info;
    private boolean talkedToday;
    /** The group-chat phase open for the agent (the contest's speak-anytime mode), or null. */
    private Chat chat;
    /** A werewolf's day-0 morning whispers in group chat: their step. */
    private Integer morningStep;

    /**
     * A group-chat phase as the agent sees it: talk or whispers, the step it is (its end is the step's), the lines the
     * agent sent that wait for the seat's next question, whether it said Over (then it is read no more), and the
     * reader of its lines.
     */
    private final class Chat {
        final boolean whisper;
        final int day;
        final Integer step;
        final java.util.ArrayDeque<String> waiting = new java.util.ArrayDeque<>();
        boolean over;
        /** The lines the agent may still say, as the server counts them (each of its lines taken, and Over). */
        int remain;
        volatile boolean open = true;
        Thread reader;

        Chat(boolean whisper, int day, Integer step) {
            this.whisper = whisper;
            this.day = day;
            this.step = step;
        }
    }
    /** Whether this round is the table's last (then the agent's connection ends with its FINISH). */
    private boolean lastRound;

    /**
     * @param action   how long the agent may take to answer a request (the server's {@code timeout.action})
     * @param response the server's {@code timeout.response}, told in the setting
     */
    public NlpSeatAgent(Jid jid, String password, AgentLink link, AiwolfOptions options, String gameId,
            Duration action, Duration response, Jid owner) {
        super(jid, password, link, owner);
        if (!options.settings().natural()) {
            throw new IllegalArgumentException("an NLP seat plays the NLP contest's game");
        }
        this.options = options;
        this.gameId = gameId;
        this.action = action;
        this.response = response;
    }

    private void send(NlpPackets.Request r, boolean setting) {
        info.startHistoriesIf(r);
        link.tell(NlpPackets.packet(r, info.info(r, null), setting ? setting() : null,
                r == NlpPackets.Request.DAILY_FINISH ? info.talkHistory() : null,
                r == NlpPackets.Request.DAILY_FINISH && info.role() == Role.WEREWOLF ? info.whisperHistory()
                        : null).toString());
    }

    /** Group chat asks by turns: the seat holds its question until the agent sends a line, at its own time. */
    @Override
    protected maw.agents.SeatCatalog.Asking asking() {
        return options.settings().nlp().talk().groupChat() || options.settings().nlp().whisper().groupChat()
                ? maw.agents.SeatCatalog.Asking.TURN : null;
    }

    private ObjectNode setting() {
        return NlpPackets.setting(options.settings().composition(), options.settings().nlp(), action, response);
    }

    @Override
    protected void started(Catalog.StartGame sg) {
        // Each round of a table of many (a tournament's) is a game of its own to the agent: its own game_id.
        info = new NlpInfo(gameIdOf(sg.round()), sg.players(), me, options.settings().nlp());
        lastRound = sg.round() >= sg.rounds();
    }

    @Override
    protected void told(AiwolfEvent e) {
        if (!(e instanceof AiwolfEvent.Turn)) {
            endChat(); // the game went on: the phase is over
        }
        switch (e) {
            case AiwolfEvent.DayBegan d -> {
                dailyFinish(d.day() - 1);
                info.hear(e);
                dayBegan(d.day());
            }
            case AiwolfEvent.Votes v when !v.attack() -> {
                dailyFinish(v.day());
                info.hear(e);
            }
            case AiwolfEvent.Over x -> {
                dailyFinish(info.day());
                info.hear(e);
                send(NlpPackets.Request.FINISH, false);
                if (lastRound) {
                    // As the contest's server does after a game: the connection ends; another game, another one.
                    link.finish();
                }
            }
            case AiwolfEvent.Turn t -> {
                if (!t.whisper()) {
                    talkedToday = true;
                }
                info.hear(e);
                broadcast(t);
            }
            default -> {
                info.hear(e);
                if (e instanceof AiwolfEvent.Dealt) {
                    send(NlpPackets.Request.INITIALIZE, true);
                    dailyInitialize(0);
                }
            }
        }
    }

    /**
     * The agent's {@code game_id} for a round: the table's id, and for the later rounds of a table of many (a
     * tournament's), each a game of its own to the agent, the ULID that many after it (every seat derives the same).
     */
    private String gameIdOf(int round) {
        if (round <= 1) {
            return gameId;
        }
        return Ulid.valid(gameId) ? Ulid.plus(gameId, round - 1) : gameId + "-" + round;
    }

    @Override
    protected void initializeDay(int day) {
        talkedToday = false;
        send(NlpPackets.Request.DAILY_INITIALIZE, true);
    }

    /** The day's talk is over: the night section begins (told once a day, before its first request). */
    @Override
    protected void finishDay(int day) {
        send(NlpPackets.Request.DAILY_FINISH, false);
    }

    @Override
    protected void tellAgain() {
        send(NlpPackets.Request.INITIALIZE, true);
        send(NlpPackets.Request.DAILY_INITIALIZE, true);
    }

    /**
     * Asks the agent; after a request it left unanswered, first probes it with NAME as the NLP server does (a late
     * answer is dropped then, not taken for this one's). A broken agent is asked nothing: null.
     */
    private String ask(NlpPackets.Request r, String packet) {
        if (link.broken() || link.lastTimedOut() && !link.resync(NlpPackets.packet(NlpPackets.Request.NAME, null, null,
                null, null).toString(), response)) {
            return null;
        }
        return link.ask(packet, action, r.name());
    }

    /** Whether {@code v} is the step of the group chat open. */
    private boolean sameChat(SeatView v) {
        return chat != null && chat.day == v.day() && java.util.Objects.equals(chat.step, v.step());
    }

    /**
     * A turn of a group-chat phase: the first opens it for the agent ({@code *_PHASE_START}) and starts reading its
     * lines; a line that came since the last act is the act now; else the question is held until one comes.
     */
    private Act chatTurn(boolean whisper, SeatView v) {
        synchronized (turnLock()) {
            if (chat == null) {
                chat = new Chat(whisper, v.day(), v.step());
                chat.remain = (whisper ? options.settings().nlp().whisper() : options.settings().nlp().talk())
                        .perAgent();
                info.chatting(chat.remain);
                link.drop(); // what it sent before the phase is no line of it
                send(whisper ? NlpPackets.Request.WHISPER_PHASE_START : NlpPackets.Request.TALK_PHASE_START, false);
                Chat c = chat;
                c.reader = Thread.ofVirtual().name("nlp-chat-" + link.name()).start(() -> read(c));
            }
            String line = chat.waiting.poll();
            log.debug("{}: a turn of the group chat: {}", jid(), line == null ? "held" : AgentLink.cut(line));
            return line == null ? null : new Act.Talk(line);
        }
    }

    /** Reads the agent's lines while the phase is open: each is the seat's act (held question) or waits for one. */
    private void read(Chat c) {
        try {
            while (c.open && !c.over) {
                String line = link.next(java.time.Duration.ofMillis(200));
                if (line == null || line.isBlank()) {
                    continue;
                }
                String text = line.strip();
                if (!c.open) {
                    // The phase ended while the line came: it may be the answer to the request that came next.
                    link.unread(line);
                    return;
                }
                synchronized (turnLock()) {
                    if (!c.open) {
                        link.unread(line);
                        return;
                    }
                    c.over = text.equals("Over");
                    Act a = new Act.Talk(text);
                    boolean now = answerHeld(a);
                    if (!now) {
                        c.waiting.add(text); // the next question takes it
                    }
                    log.debug("{}: NLP agent {} says {} ({})", jid(), link.name(), AgentLink.cut(text),
                            now ? "the seat's act" : "for the seat's next turn");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every line the phase took is told the agent as it is taken ({@code *_BROADCAST}), its own too. */
    private void broadcast(AiwolfEvent.Turn t) {
        Chat c = chat;
        if (c == null || c.whisper != t.whisper()) {
            return;
        }
        for (AiwolfEvent.Utterance u : t.utterances()) {
            if (u.agent().equals(me)) {
                c.remain = u.text().equals("Over") ? 0 : Math.max(0, c.remain - 1);
                info.chatting(c.remain);
            }
            NlpPackets.Request r = t.whisper() ? NlpPackets.Request.WHISPER_BROADCAST
                    : NlpPackets.Request.TALK_BROADCAST;
            ObjectNode p = NlpPackets.packet(r, info.info(r, null), null, null, null);
            p.set(t.whisper() ? "new_whisper" : "new_talk", NlpPackets.talk(u));
            link.tell(p.toString());
        }
        // Told as it came: not again in a later packet's history.
        if (t.whisper()) {
            info.whisperHistory();
        } else {
            info.talkHistory();
        }
    }

    /** The group-chat phase is over for the agent ({@code *_PHASE_END}); lines still on their way are dropped. */
    private void endChat() {
        Chat c;
        synchronized (turnLock()) {
            c = chat;
            chat = null;
            if (c == null) {
                return;
            }
            c.open = false;
        }
        if (c.reader != null) {
            c.reader.interrupt();
            try {
                // Its reader gone before the next request: what comes from now on is that request's answer.
                c.reader.join(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        send(c.whisper ? NlpPackets.Request.WHISPER_PHASE_END : NlpPackets.Request.TALK_PHASE_END, false);
        info.chatting(null);
        link.drop();
    }

    /** A group-chat phase ends with its step: a view of another step (or day) ends it. */
    @Override
    protected void viewed(SeatView v) {
        if (chat != null && !sameChat(v)) {
            endChat();
        }
    }

    /** The seat's act for its turn: the agent's answer to the request the turn makes, or nothing. */
    @Override
    protected Act turn(SeatView v) {
        List<Act.Kind> allowed = v.allowed_actions();
        Map<Act.Kind, List<String>> targets = v.targets() == null ? Map.of() : v.targets();
        if (chat != null && !sameChat(v)) {
            endChat();
        } else if (chat != null && !allowed.contains(Act.Kind.TALK)) {
            return new Act.Listen(); // its lines are spent; the phase goes on for the others
        }
        if (allowed.contains(Act.Kind.TALK)) {
            // Day 0's morning whispers come before any talk; the night's after the day's talk is over.
            boolean whisper = v.phase() == Phase.NIGHT || v.day() == 0 && !talkedToday
                    && info.role() == Role.WEREWOLF && v.partners() != null && !v.partners().isEmpty();
            if (whisper && (v.phase() == Phase.NIGHT)) {
                dailyFinish(v.day());
            }
            if (options.settings().nlp().talk().groupChat() || options.settings().nlp().whisper().groupChat()) {
                // In group chat the morning whispers are day 0's first step of talk for a werewolf with a partner.
                boolean morning = v.phase() == Phase.DAY && v.day() == 0 && info.role() == Role.WEREWOLF
                        && v.partners() != null && !v.partners().isEmpty()
                        && options.settings().nlp().whisper().perAgent() > 0
                        && (morningStep == null || morningStep.equals(v.step()));
                if (morning) {
                    morningStep = v.step();
                }
                boolean w = v.phase() == Phase.NIGHT || morning;
                if ((w ? options.settings().nlp().whisper() : options.settings().nlp().talk()).groupChat()) {
                    return chatTurn(w, v);
                }
            }
            NlpPackets.Request r = whisper ? NlpPackets.Request.WHISPER : NlpPackets.Request.TALK;
            info.asked(whisper);
            String answer = ask(r, NlpPackets.packet(r, info.info(r, null), null,
                    whisper ? null : info.talkHistory(), whisper ? info.whisperHistory() : null).toString());
            return new Act.Talk(answer == null || answer.isBlank() ? "Skip" : answer.strip());
        }
        Act.Kind kind = allowed.contains(Act.Kind.DIVINE) ? Act.Kind.DIVINE
                : allowed.contains(Act.Kind.GUARD) ? Act.Kind.GUARD
                : allowed.contains(Act.Kind.VOTE) ? Act.Kind.VOTE : null;
        if (kind == null) {
            return new Act.Listen();
        }
        dailyFinish(v.day());
        boolean night = v.phase() == Phase.NIGHT;
        NlpPackets.Request r = switch (kind) {
            case DIVINE -> NlpPackets.Request.DIVINE;
            case GUARD -> NlpPackets.Request.GUARD;
            default -> night ? NlpPackets.Request.ATTACK : NlpPackets.Request.VOTE;
        };
        boolean histories = r == NlpPackets.Request.ATTACK;
        String answer = ask(r, NlpPackets.packet(r, info.info(r, null), null, null,
                histories ? info.whisperHistory() : null).toString());
        String target = answer == null ? null : answer.strip();
        if (target != null && targets.getOrDefault(kind, List.of()).contains(target)) {
            return switch (kind) {
                case DIVINE -> new Act.Divine(target);
                case GUARD -> new Act.Guard(target);
                default -> new Act.Vote(target);
            };
        }
        if (answer != null) {
            log.debug("{}: NLP agent {} answered {} with {}: not a valid target; no {}", jid(), link.name(), r,
                    answer.length() > 100 ? answer.substring(0, 100) + "..." : answer, r.name().toLowerCase());
        }
        // No act: the seat passes, and the step goes on at once without it (the NLP server drops such an answer).
        return new Act.Listen();
    }
}
