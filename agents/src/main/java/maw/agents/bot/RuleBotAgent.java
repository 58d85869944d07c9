package maw.agents.bot;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.agents.SeatCatalog;
import maw.base.Act;
import maw.game.Phase;
import maw.game.RefusalCode;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A rule-based player behind a seat: it answers the Player's {@code get_input} the way the language-model and human
 * interfaces do. By day it voices a suspicion and votes for that player (a werewolf also whispers its choice to a
 * living pack-mate). As a werewolf at night it plays with any pack-mate, bot, model or person: it follows a
 * pack-mate's vote for a victim, or a pack-mate's line in the Hideout that names exactly one valid victim, in any words;
 * the first living werewolf by name proposes at once; any other proposes itself when nobody has by half the night.
 * Its choices depend only on its seed and what the seat is told, so a seed replays a bot-only game.
 */
public final class RuleBotAgent extends GameAgent {

    private static final String[] SUSPICIONS = {
        "I suspect %s.", "%s has been too quiet.", "Something about %s bothers me.", "My vote goes to %s.",
        "I do not trust %s.", "Watch %s closely."
    };

    private final String name;
    private final long seed;

    // The current night's plan: whom the pack takes, and when to propose if nobody has.
    private String nightKey;
    private String proposal;
    private long proposeAt;
    private Jid player;
    private SeatCatalog.SeatView lastView;
    private int lastRound;
    // The round and day the bot last whispered its choice to a pack-mate.
    private String whisperedKey;

    private final Jid owner;

    public RuleBotAgent(Jid jid, String password, String name, long seed) {
        this(jid, password, name, seed, null);
    }

    /** A bot that answers only its own Player ({@code owner}; null: whoever asks). */
    public RuleBotAgent(Jid jid, String password, String name, long seed, Jid owner) {
        super(jid, password);
        this.name = name;
        this.seed = seed;
        this.owner = owner == null ? null : owner.bare();
        inspectorsFrom(this.owner);
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("SendInput", self -> {
            // Asleep until a message comes, or until a pack's proposal is due: thousands of idle bots cost nothing.
            Message m = self.receive(Duration.ofMillis(untilProposal()));
            if (m != null) {
                guarded(m, () -> answer(m));
            }
            proposeIfDue();
        }));
    }

    private void answer(Message m) {
        Body body = read(m);
        if (body == null || isComplaint(m)) {
            return;
        }
        if (!(body instanceof SeatCatalog.GetInput in)) {
            if (!(body instanceof SeatCatalog.Observe)) {
                refuse(m, body.game(), RefusalCode.WRONG_RECIPIENT, "a bot answers its player's get_input "
                        + "only; " + m.bodyType() + " goes to another agent");
            }
            return;
        }
        if (owner != null && !fromKnownSession(m, owner)) {
            refuse(m, in.game(), RefusalCode.NOT_YOURS, "a bot takes get_input from its own player only");
            return;
        }
        if (in.purpose() == SeatCatalog.Purpose.ACT && in.view() == null) {
            refuse(m, in.game(), RefusalCode.WRONG_RECIPIENT, "get_input without the seat's view");
            return;
        }
        if (in.purpose() == SeatCatalog.Purpose.NAME) {
            reply(m, Performative.INFORM, new SeatCatalog.SeatName(nameFor(in.attempt()), false));
            return;
        }
        player = m.sender().bare();
        Act a = decide(in.round(), in.view());
        log.debug("{}: answers {} in {} {} of round {}: {}", jid(), m.replyWith(), in.view().phase(),
                in.view().day(), in.round(), a);
        reply(m, Performative.INFORM, SeatCatalog.PlayerAction.of(a));
    }

    /** The bot's name, or after {@code attempt} refused names a new one with a number (Bob 2, Bob 3...). */
    String nameFor(int attempt) {
        return attempt <= 0 ? name : name + " " + (attempt + 1);
    }

    /** The bot's move for this turn. */
    Act decide(int round, SeatCatalog.SeatView v) {
        if (v == null || v.valid_targets() == null || v.valid_targets().isEmpty()
                || !v.allowed_actions().contains(Act.Kind.VOTE)) {
            return new Act.Listen();
        }
        if (v.phase() == Phase.NIGHT) {
            return night(round, v);
        }
        List<String> suspects = new ArrayList<>(v.valid_targets());
        if (v.partners() != null) {
            suspects.removeAll(v.partners());
        }
        if (suspects.isEmpty()) {
            suspects = v.valid_targets();
        }
        SplittableRandom r = random(round, "day", v.day());
        String suspect = suspects.get(r.nextInt(suspects.size()));
        if (!v.spoke() && v.allowed_actions().contains(Act.Kind.SPEAK)) {
            return new Act.Speak(String.format(SUSPICIONS[r.nextInt(SUSPICIONS.length)], suspect));
        }
        if (v.voted_for() == null) {
            List<String> mates = v.partners() == null ? List.of()
                    : v.partners().stream().filter(p -> v.living().contains(p)).toList();
            List<String> whisperTo = v.targets() == null ? List.of()
                    : v.targets().getOrDefault(Act.Kind.WHISPER, List.of());
            if (!mates.isEmpty() && whisperTo.contains(mates.get(0)) && !whispered(round, v)) {
                whisperedKey = round + "/" + v.day();
                return new Act.Whisper(mates.get(0), "I vote for " + suspect + " today.");
            }
            return new Act.Vote(suspect);
        }
        return new Act.Listen();
    }

    private boolean whispered(int round, SeatCatalog.SeatView v) {
        return (round + "/" + v.day()).equals(whisperedKey);
    }

    private Act night(int round, SeatCatalog.SeatView v) {
        String key = round + "/" + v.day();
        if (!key.equals(nightKey)) {
            nightKey = key;
            proposal = null;
            long now = System.currentTimeMillis();
            proposeAt = v.deadline() > now ? now + (v.deadline() - now) / 2 : now;
        }
        lastView = v;
        lastRound = round;
        List<String> mates = v.partners() == null ? List.of()
                : v.partners().stream().filter(p -> v.living().contains(p)).toList();
        // A pack-mate's vote is the clearest proposal; the latest one counts.
        String followed = null;
        if (v.votes() != null) {
            for (var e : v.votes().entrySet()) {
                if (mates.contains(e.getKey()) && v.valid_targets().contains(e.getValue())) {
                    followed = e.getValue();
                }
            }
        }
        if (followed == null) {
            followed = proposalInWords(v, mates);
        }
        if (followed != null) {
            proposal = followed;
        } else if (proposal == null && isLeader(v, mates)) {
            proposal = pick(round, v);
        }
        if (proposal == null) {
            return new Act.Listen(); // wait for the pack, or for half the night
        }
        if (!v.spoke() && v.allowed_actions().contains(Act.Kind.SPEAK)) {
            return new Act.Speak(followed != null && !followed.equals(v.voted_for())
                    ? "Agreed: " + proposal + "." : "Tonight we take " + proposal + ".");
        }
        return proposal.equals(v.voted_for()) ? new Act.Listen() : new Act.Vote(proposal);
    }

    /**
     * The victim a pack-mate named tonight: the last line of a mate that names exactly one valid victim. Lines before
     * the night fell (what was said by day and not yet read) are not proposals.
     */
    static String proposalInWords(SeatCatalog.SeatView v, List<String> mates) {
        String found = null;
        List<String> lines = v.unseen() == null ? List.of() : v.unseen();
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith("Night " + v.day() + " falls")) {
                lines = lines.subList(i + 1, lines.size());
                break;
            }
        }
        for (String line : lines) {
            int colon = line.indexOf(": ");
            if (colon <= 0 || !mates.contains(line.substring(0, colon))) {
                continue;
            }
            String said = " " + line.substring(colon + 2).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ")
                    + " ";
            List<String> named = v.valid_targets().stream()
                    .filter(t -> said.contains(" " + t.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ")
                            .strip() + " "))
                    .toList();
            if (named.size() == 1) {
                found = named.get(0);
            }
        }
        return found;
    }

    private static boolean isLeader(SeatCatalog.SeatView v, List<String> mates) {
        return mates.stream().allMatch(m -> v.you().compareTo(m) < 0);
    }

    /**
     * The pack's victim as every bot of the pack would pick it: from the pack and the night alone (not from the bot's
     * own seed), so that whichever bot proposes first, and however the messages are timed, the pack agrees.
     */
    private static String pick(int round, SeatCatalog.SeatView v) {
        List<String> pack = new ArrayList<>(v.partners() == null ? List.of() : v.partners());
        pack.add(v.you());
        pack.sort(null);
        List<String> victims = v.valid_targets().stream().sorted().toList();
        SplittableRandom r = new SplittableRandom(String.join(",", pack).hashCode() * 0x9E3779B97F4A7C15L
                ^ (round * 1_000_003L) ^ (v.day() * 7919L));
        return victims.get(r.nextInt(victims.size()));
    }

    /** How long the bot may sleep: until its night proposal is due, if one is pending, else a second. */
    private long untilProposal() {
        if (!mayPropose()) {
            return 1000;
        }
        return Math.clamp(proposeAt - System.currentTimeMillis(), 1, 1000);
    }

    /** Whether a night proposal is pending and still in time. */
    private boolean mayPropose() {
        return proposal == null && nightKey != null && player != null && lastView != null
                && lastView.phase() == Phase.NIGHT && System.currentTimeMillis() <= lastView.deadline() - 500;
    }

    /** Half the night gone and nobody proposed: this bot proposes, unasked. */
    private void proposeIfDue() {
        if (!mayPropose() || System.currentTimeMillis() < proposeAt) {
            return;
        }
        proposal = pick(lastRound, lastView);
        if (!lastView.spoke()) {
            send(player, Performative.INFORM, SeatCatalog.PlayerAction.of(new Act.Speak("Tonight we take " + proposal
                    + ".")));
        }
        send(player, Performative.INFORM, SeatCatalog.PlayerAction.of(new Act.Vote(proposal)));
    }

    private SplittableRandom random(int round, String phase, int day) {
        return new SplittableRandom(seed ^ name.hashCode() * 0x9E3779B97F4A7C15L ^ (round * 1_000_003L)
                ^ (day * 7919L) ^ phase.hashCode());
    }
}
