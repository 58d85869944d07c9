package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import maw.base.Act.Kind;
import maw.base.Role;

/**
 * The AIWolf NLP contest's game, as its server plays it: talk in natural language, one speaker at a time in an order
 * shuffled for the day, within the contest's counts, Skips and length limits; day 0 begins with the werewolves'
 * morning whispers; each night the seer divines first, then (after the whispers) the guard and the attack. A late
 * speaker's turn is a free Skip; a missing vote or act is simply not there.
 */
final class NlpGame extends AiwolfGame {

    /** Which whispers these are: day 0's morning and evening, or a night's. */
    private enum Whispers { MORNING, EVENING, NIGHT }

    /** A night of the NLP game: the seer's divination first, then (after the whispers) the guard and the attack. */
    private enum NightPart { DIVINE, ACTS }

    private final List<String> order = new ArrayList<>();
    private int pos;
    private boolean spoke;
    private String speaker;
    private final Map<String, Integer> lengthLeft = new HashMap<>();
    private Whispers whisperKind = Whispers.NIGHT;
    private NightPart nightPart = NightPart.ACTS;
    /** In a group-chat conversation, each speaker's lines so far (its {@code turn} counts them). */
    private final Map<String, Integer> lines = new HashMap<>();

    NlpGame(AiwolfSettings settings, List<String> players, long seed, Map<String, Role> requests) {
        super(settings, players, seed, requests);
        // The NLP game begins by day: day 0 is announced as every day is.
        events.add(new AiwolfEvent.DayBegan(0, null, List.copyOf(alive)));
        beginNaturalDay();
    }

    private NlpGame(NlpGame o) {
        super(o);
        order.addAll(o.order);
        pos = o.pos;
        spoke = o.spoke;
        speaker = o.speaker;
        lengthLeft.putAll(o.lengthLeft);
        whisperKind = o.whisperKind;
        nightPart = o.nightPart;
        lines.putAll(o.lines);
    }

    @Override
    public AiwolfGame copy() {
        return new NlpGame(this);
    }

    @Override
    public String speaker() {
        return speaker;
    }

    @Override
    public boolean daytime() {
        return super.daytime() || stage == Stage.WHISPER && whisperKind == Whispers.MORNING;
    }

    @Override
    public Integer lengthLeft(String player) {
        return lengthLeft.get(player);
    }

    /** Whether the conversation under way is group chat: nobody is asked; each says its lines when it likes. */
    private boolean chatting() {
        return (stage == Stage.TALK || stage == Stage.WHISPER) && limits().groupChat();
    }

    /** A group chat's step lasts the phase's duration. */
    @Override
    public java.time.Duration stepLength() {
        return chatting() ? java.time.Duration.ofMillis(limits().durationMillis()) : null;
    }

    @Override
    public int[] chatLines(String player) {
        return chatting() && order.contains(player)
                ? new int[] {lines.getOrDefault(player, 0), limits().perAgent()} : null;
    }

    /** In group chat, whether {@code p} may still say a line (talks and length left). */
    private boolean mayChat(String p) {
        return order.contains(p) && remaining.getOrDefault(p, 0) > 0 && lengthLeft.getOrDefault(p, 1) > 0;
    }

    @Override
    void awaits(String p, Set<Kind> k) {
        switch (stage) {
            case TALK, WHISPER -> {
                if (chatting() ? mayChat(p) : p.equals(speaker)) {
                    k.add(Kind.TALK);
                }
            }
            case VOTE -> {
                if (!ballots.containsKey(p) && !passed.contains(p)) {
                    k.add(Kind.VOTE);
                }
            }
            case NIGHT -> {
                if (nightPart == NightPart.DIVINE) {
                    if (role(p) == Role.SEER && !divined) {
                        k.add(Kind.DIVINE);
                    }
                } else {
                    if (revote == 0 && role(p) == Role.BODYGUARD && !guarded) {
                        k.add(Kind.GUARD);
                    }
                    if (isWolf(p) && !attackBallots.containsKey(p) && !passed.contains(p)) {
                        k.add(Kind.VOTE);
                    }
                }
            }
            default -> { }
        }
    }

    @Override
    void uttered(String player, String text, boolean whisper) {
        speak(player, text, false, whisper);
    }

    /** A Skip of the speaker's own; the next speaker is asked. In group chat: the speaker has nothing more (Over). */
    @Override
    boolean passTalk(String player) {
        speak(player, chatting() ? "Over" : "Skip", false, stage == Stage.WHISPER);
        return true;
    }

    /** The NLP server counts no vote (and no attack vote). */
    @Override
    void passVote(String player) {
        passed.add(player);
    }

    @Override
    boolean selfAllowed(Kind kind, boolean attack) {
        return kind == Kind.VOTE && !attack && settings.nlp().allowSelfVote() || attack && settings.nlp().allowSelfAttack();
    }

    @Override
    void timedOut() {
        if (chatting()) {
            endConversation(); // the phase's time is over: what was not said is not said
        } else if ((stage == Stage.TALK || stage == Stage.WHISPER) && speaker != null) {
            speak(speaker, "Skip", true, stage == Stage.WHISPER);
        } else {
            endStep();
        }
    }

    @Override
    void endStep() {
        switch (stage) {
            case VOTE -> endNaturalVote();
            case NIGHT -> {
                if (nightPart == NightPart.DIVINE) {
                    afterDivination();
                } else {
                    endNaturalNight();
                }
            }
            default -> { }
        }
    }


    /** A day of the NLP game: on day 0 the werewolves whisper first (the morning), then everyone talks. */
    private void beginNaturalDay() {
        if (day == 0) {
            beginNaturalWhispers(Whispers.MORNING);
        } else {
            beginNaturalTalk();
        }
    }

    private void beginNaturalTalk() {
        stage = Stage.TALK;
        talkIdx = 0;
        beginConversation(alive.stream().toList(), settings.nlp().talk());
    }

    private void beginNaturalWhispers(Whispers kind) {
        stage = Stage.WHISPER;
        whisperKind = kind;
        whisperIdx = 0;
        beginConversation(alive.stream().filter(this::isWolf).toList(), settings.nlp().whisper());
    }


    /** The speakers shuffled once, their counts, Skips and length budgets set; then the first is asked. */
    private void beginConversation(List<String> speakers, NlTalk limits) {
        order.clear();
        remaining.clear();
        skips.clear();
        lengthLeft.clear();
        turn = 0;
        pos = -1;
        spoke = false;
        speaker = null;
        lines.clear();
        if (speakers.size() < 2) {
            endConversation();
            return;
        }
        order.addAll(speakers);
        for (int i = order.size() - 1; i > 0; i--) {
            Collections.swap(order, i, nextInt(i + 1));
        }
        for (String p : order) {
            remaining.put(p, limits.perAgent());
            skips.put(p, limits.maxSkip());
            if (limits.perAgentLength() != null) {
                lengthLeft.put(p, limits.perAgentLength());
            }
        }
        if (limits.groupChat()) {
            // Group chat: one step for the phase, every speaker awaited while it has lines left.
            if (order.stream().noneMatch(this::mayChat)) {
                endConversation();
            } else {
                beginStep();
            }
            return;
        }
        nextSpeaker(limits);
    }

    private NlTalk limits() {
        return stage == Stage.WHISPER ? settings.nlp().whisper() : settings.nlp().talk();
    }


    /** The next speaker of this turn, or of the next turn; the conversation ends as the NLP server ends it. */
    private void nextSpeaker(NlTalk limits) {
        for (int pass = 0; pass < 2; pass++) {
            for (int i = pos + 1; i < order.size(); i++) {
                String p = order.get(i);
                if (remaining.getOrDefault(p, 0) > 0 && lengthLeft.getOrDefault(p, 1) > 0 && turn < limits.perDay()) {
                    pos = i;
                    speaker = p;
                    beginStep();
                    return;
                }
            }
            // The turn is over: it ends the conversation if nobody said more than Over, or the turns are spent.
            if (pass == 1 || !spoke || turn + 1 >= limits.perDay()) {
                break;
            }
            turn++;
            spoke = false;
            pos = -1;
        }
        endConversation();
    }


    /** An utterance of the speaker asked now, as the NLP server takes it (a forced Skip spends no Skip). */
    private void speak(String player, String text, boolean forced, boolean whisper) {
        NlTalk limits = limits();
        remaining.merge(player, -1, Integer::sum);
        String utterance = text;
        if (forced) {
            utterance = "Skip";
        } else if (utterance.equals("Skip")) {
            if (skips.getOrDefault(player, 0) <= 0) {
                utterance = "Over";
            } else {
                skips.merge(player, -1, Integer::sum);
            }
        }
        if (!forced && !utterance.equals("Skip") && !utterance.equals("Over")) {
            skips.put(player, limits.maxSkip());
            NlTalk.Cut cut = limits.cut(utterance, lengthLeft.get(player), player, players);
            utterance = cut.text();
            if (cut.budgetLeft() != null) {
                lengthLeft.put(player, cut.budgetLeft());
            }
        }
        if (utterance.isEmpty()) {
            utterance = "Over";
        }
        // In group chat a line's turn is its speaker's own count of lines (as the contest's server counts it).
        int at = limits.groupChat() ? lines.merge(player, 1, Integer::sum) - 1 : turn;
        AiwolfEvent.Utterance u = new AiwolfEvent.Utterance(day, whisper ? whisperIdx++ : talkIdx++, at, player,
                utterance);
        (whisper ? whispers : talks).add(u);
        if (utterance.equals("Over")) {
            remaining.put(player, 0);
        } else {
            spoke = true;
        }
        Set<String> audience = whisper ? Set.copyOf(alive.stream().filter(this::isWolf).toList()) : null;
        events.add(new AiwolfEvent.Turn(day, at, whisper, List.of(u), audience));
        if (limits.groupChat()) {
            // The phase ends early once nobody has a line left.
            if (order.stream().noneMatch(this::mayChat)) {
                endConversation();
            }
            return;
        }
        nextSpeaker(limits);
    }

    private void endConversation() {
        speaker = null;
        if (stage == Stage.TALK) {
            // The night section: day 0's evening whispers, or the execution vote.
            if (day == 0) {
                beginNaturalWhispers(Whispers.EVENING);
            } else {
                stage = Stage.VOTE;
                revote = 0;
                ballots.clear();
                beginStep();
            }
            return;
        }
        switch (whisperKind) {
            case MORNING -> beginNaturalTalk();
            case EVENING -> beginDivination();
            case NIGHT -> beginNightActsNatural();
        }
    }

    private void endNaturalVote() {
        events.add(new AiwolfEvent.Votes(day, revote, false, AiwolfEvent.sorted(ballots), settings.voteVisible() ? null
                : Set.of()));
        List<String> top = mostVoted(ballots);
        if (top.size() > 1 && revote + 1 < settings.nlp().voteRounds()) {
            revote++;
            ballots.clear();
            beginStep();
            return;
        }
        if (!top.isEmpty()) {
            String executed = top.get(nextInt(top.size()));
            alive.remove(executed);
            executedToday = executed;
            events.add(new AiwolfEvent.Executed(day, executed));
            if (decided()) {
                return;
            }
        }
        beginDivination();
    }

    private void beginDivination() {
        stage = Stage.NIGHT;
        nightPart = NightPart.DIVINE;
        revote = 0;
        divined = false;
        divineTarget = null;
        guarded = false;
        guardTarget = null;
        attackBallots.clear();
        beginStep();
        if (awaiting().isEmpty()) {
            afterDivination();
        }
    }

    private void afterDivination() {
        if (day == 0) {
            endNaturalNight();
        } else {
            beginNaturalWhispers(Whispers.NIGHT);
        }
    }

    private void beginNightActsNatural() {
        stage = Stage.NIGHT;
        nightPart = NightPart.ACTS;
        revote = 0;
        beginStep();
        if (awaiting().isEmpty()) {
            endNaturalNight();
        }
    }


    /** The attack (from day 1; a vote for a werewolf does not count), the night's results, and the next day. */
    private void endNaturalNight() {
        String attacked = null;
        Set<String> wolves = Set.copyOf(alive.stream().filter(this::isWolf).toList());
        if (day > 0 && nightPart == NightPart.ACTS && !wolves.isEmpty()) {
            events.add(new AiwolfEvent.Votes(day, revote, true, AiwolfEvent.sorted(attackBallots), wolves));
            Map<String, String> counted = new LinkedHashMap<>(attackBallots);
            counted.values().removeIf(this::isWolf);
            List<String> top = mostVoted(counted);
            String victim = null;
            if (top.size() == 1) {
                victim = top.getFirst();
            } else if (top.size() > 1 && revote + 1 < settings.nlp().attackRounds()) {
                revote++;
                attackBallots.clear();
                beginStep();
                return;
            } else if (!top.isEmpty() && !settings.nlp().allowNoTarget()) {
                victim = top.get(nextInt(top.size()));
            }
            boolean saved = victim != null && victim.equals(guardTarget) && alive.stream()
                    .anyMatch(p -> role(p) == Role.BODYGUARD);
            events.add(new AiwolfEvent.Attack(day, victim, saved, wolves));
            attacked = victim != null && !saved ? victim : null;
        }
        dawn(attacked);
        if (!decided()) {
            beginNaturalDay();
        }
    }
}
