package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Version;
import maw.base.Act.Kind;
import maw.base.Role;

/**
 * An AIWolf game by the GAT2017 regulation, as the official server 0.6.x applies it where the regulation is silent:
 * day 0 without talk (the werewolves whisper, the seer divines); from day 1 turn-based talk in protocol text, the
 * execution vote with its re-vote, the werewolves' whispers, the seer's divination, the bodyguard's guard and the
 * attack vote; the winner after each full night. A missing talk is Skip, a missing vote a random legal one, a missing
 * night act none.
 */
final class Gat2017Game extends AiwolfGame {

    Gat2017Game(AiwolfSettings settings, List<String> players, long seed, Map<String, Role> requests) {
        super(settings, players, seed, requests);
        if (settings.talkOnFirstDay()) {
            beginTalk();
        } else {
            beginNight();
        }
    }

    private Gat2017Game(Gat2017Game o) {
        super(o);
    }

    @Override
    public AiwolfGame copy() {
        return new Gat2017Game(this);
    }

    @Override
    void awaits(String p, Set<Kind> k) {
        switch (stage) {
            case TALK -> {
                if (talksLeft(p) > 0 && !said.containsKey(p)) {
                    k.add(Kind.TALK);
                }
            }
            case WHISPER -> {
                if (isWolf(p) && talksLeft(p) > 0 && !said.containsKey(p)) {
                    k.add(Kind.TALK);
                }
            }
            case VOTE -> {
                if (!ballots.containsKey(p) && !passed.contains(p)) {
                    k.add(Kind.VOTE);
                }
            }
            case NIGHT -> {
                if (revote == 0 && role(p) == Role.SEER && !divined) {
                    k.add(Kind.DIVINE);
                }
                if (day > 0 && revote == 0 && role(p) == Role.BODYGUARD && !guarded) {
                    k.add(Kind.GUARD);
                }
                if (day > 0 && isWolf(p) && !attackBallots.containsKey(p) && !passed.contains(p)) {
                    k.add(Kind.VOTE);
                }
            }
            default -> { }
        }
    }

    /** Protocol text, checked where the settings say: text that is not valid 3.6 counts as Skip, and says why. */
    @Override
    void uttered(String player, String text, boolean whisper) {
        String utterance = text;
        if (settings.validateUtterance()) {
            Parsed p = Protocol.parse(utterance, Version.V3_6);
            if (p instanceof Parsed.Failed f) {
                events.add(new AiwolfEvent.Invalid(player, utterance, f.error().message()));
                utterance = "Skip";
            } else {
                utterance = Protocol.write(p.sentence());
            }
        }
        said.put(player, utterance);
        endStepIfDone();
    }

    @Override
    boolean passTalk(String player) {
        said.put(player, "Skip");
        return false;
    }

    /** An attack vote dropped; a day's vote for a random other living player, as for an answer that is not valid. */
    @Override
    void passVote(String player) {
        if (stage == Stage.NIGHT) {
            passed.add(player);
        } else {
            ballots.put(player, randomOther(player));
        }
    }

    @Override
    void timedOut() {
        switch (stage) {
            case TALK, WHISPER -> {
                for (String p : List.copyOf(alive)) {
                    if (awaitedFrom(p).contains(Kind.TALK)) {
                        said.put(p, "Skip");
                    }
                }
            }
            case VOTE -> {
                for (String p : List.copyOf(alive)) {
                    if (!ballots.containsKey(p)) {
                        ballots.put(p, randomOther(p));
                    }
                }
            }
            default -> { }
        }
        endStep();
    }

    @Override
    void endStep() {
        switch (stage) {
            case TALK, WHISPER -> endTurn();
            case VOTE -> endVote();
            case NIGHT -> endNight();
            default -> { }
        }
    }

    private void beginTalk() {
        stage = Stage.TALK;
        turn = 0;
        for (String p : alive) {
            remaining.put(p, settings.maxTalk());
            skips.put(p, 0);
        }
        beginStep();
        if (awaiting().isEmpty()) {
            beginVote();
        }
    }

    private void endTurn() {
        boolean whisper = stage == Stage.WHISPER;
        // The turn's order is the seed's shuffle of the speakers in name order, not of the order their talk arrived:
        // the same game, replayed (its journal, a model cassette), talks in the same order.
        List<String> speakers = new ArrayList<>(said.keySet());
        Collections.sort(speakers);
        for (int i = speakers.size() - 1; i > 0; i--) {
            Collections.swap(speakers, i, nextInt(i + 1));
        }
        List<AiwolfEvent.Utterance> turnTalks = new ArrayList<>();
        boolean allOver = !speakers.isEmpty();
        for (String p : speakers) {
            String text = said.get(p);
            if (text.equals("Skip")) {
                int n = skips.merge(p, 1, Integer::sum);
                if (n > settings.maxSkip()) {
                    text = "Over";
                }
            } else if (!text.equals("Over")) {
                skips.put(p, 0);
                remaining.merge(p, -1, Integer::sum);
            }
            allOver &= text.equals("Over");
            AiwolfEvent.Utterance u = new AiwolfEvent.Utterance(day, whisper ? whisperIdx++ : talkIdx++, turn, p,
                    text);
            turnTalks.add(u);
            (whisper ? whispers : talks).add(u);
        }
        Set<String> audience = whisper ? Set.copyOf(alive.stream().filter(this::isWolf).toList()) : null;
        events.add(new AiwolfEvent.Turn(day, turn, whisper, turnTalks, audience));
        turn++;
        int maxTurns = whisper ? settings.maxWhisperTurn() : settings.maxTalkTurn();
        beginStep();
        if (allOver || turn >= maxTurns || awaiting().isEmpty()) {
            if (whisper) {
                beginNightActs();
            } else {
                beginVote();
            }
        }
    }

    private void beginVote() {
        stage = Stage.VOTE;
        revote = 0;
        ballots.clear();
        beginStep();
    }

    private void endVote() {
        events.add(new AiwolfEvent.Votes(day, revote, false, AiwolfEvent.sorted(ballots), settings.voteVisible() ? null
                : Set.of()));
        List<String> top = mostVoted(ballots);
        if (top.size() > 1 && revote < settings.maxRevote()) {
            revote++;
            ballots.clear();
            beginStep();
            return;
        }
        String executed = top.get(nextInt(top.size()));
        alive.remove(executed);
        executedToday = executed;
        events.add(new AiwolfEvent.Executed(day, executed));
        beginNight();
    }


    /** The night: whisper turns first when two werewolves or more live, then the acts. */
    private void beginNight() {
        if (alive.stream().filter(this::isWolf).count() >= 2) {
            stage = Stage.WHISPER;
            turn = 0;
            for (String p : alive) {
                if (isWolf(p)) {
                    remaining.put(p, settings.maxWhisper());
                    skips.put(p, 0);
                }
            }
            beginStep();
            if (!awaiting().isEmpty()) {
                return;
            }
        }
        beginNightActs();
    }

    private void beginNightActs() {
        stage = Stage.NIGHT;
        revote = 0;
        divined = false;
        guarded = false;
        divineTarget = null;
        guardTarget = null;
        attackBallots.clear();
        beginStep();
        if (awaiting().isEmpty()) {
            endNight();
        }
    }

    private void endNight() {
        String victim = null;
        boolean saved = false;
        Set<String> wolves = Set.copyOf(alive.stream().filter(this::isWolf).toList());
        if (day > 0 && !wolves.isEmpty()) {
            events.add(new AiwolfEvent.Votes(day, revote, true, AiwolfEvent.sorted(attackBallots), wolves));
            List<String> top = mostVoted(attackBallots);
            if (top.size() > 1 && revote < settings.maxAttackRevote()) {
                revote++;
                attackBallots.clear();
                beginStep();
                return;
            }
            if (top.isEmpty() && !settings.enableNoAttack()) {
                top = alive.stream().filter(p -> !isWolf(p)).toList();
            }
            if (!top.isEmpty()) {
                victim = top.get(nextInt(top.size()));
                saved = victim.equals(guardTarget);
            }
            events.add(new AiwolfEvent.Attack(day, victim, saved, wolves));
        }
        dawn(victim != null && !saved ? victim : null);
        if (!decided()) {
            beginTalk();
        }
    }
}
