package maw.agents.bot;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.agents.Catalog;
import maw.agents.Catalog.Body;
import maw.agents.GameAgent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * A rule-based player behind a seat: it answers the Player's {@code get_input} the way the language-model and human
 * interfaces do. By day it voices a suspicion and votes for that player; as a werewolf at night it agrees on a victim
 * with its pack in the Hideout (the first living werewolf by name proposes, the others agree) and votes for it. Its
 * choices depend only on its seed and the game's state, never on the timing of messages, so a seed replays a game.
 */
public final class RuleBotAgent extends GameAgent {

    private static final Pattern PROPOSAL = Pattern.compile("^(.+?): Tonight we take (.+?)\\.$");
    private static final String[] SUSPICIONS = {
        "I suspect %s.", "%s has been too quiet.", "Something about %s bothers me.", "My vote goes to %s.",
        "I do not trust %s.", "Watch %s closely."
    };

    private final String name;
    private final long seed;
    private String proposalKey;
    private String proposal;

    public RuleBotAgent(Jid jid, String password, String name, long seed) {
        super(jid, password);
        this.name = name;
        this.seed = seed;
    }

    @Override
    protected void setup() {
        addBehaviour(CyclicBehaviour.of("SendInput", self -> {
            Message m = self.receive(Duration.ofSeconds(1));
            if (m != null) {
                answer(m);
            }
        }));
    }

    private void answer(Message m) {
        Body body = read(m);
        if (!(body instanceof Catalog.GetInput in)) {
            return;
        }
        Catalog.PlayerAction action = "name".equals(in.purpose())
                ? new Catalog.PlayerAction("name", nameFor(in.view()), null, null, false)
                : decide(in.round(), in.view());
        reply(m, Performative.INFORM, action);
    }

    private String nameFor(Catalog.SeatView view) {
        int refusals = view == null || view.unseen() == null ? 0 : view.unseen().size();
        return refusals == 0 ? name : name + " " + (refusals + 1);
    }

    /** The bot's move for this turn. */
    Catalog.PlayerAction decide(int round, Catalog.SeatView v) {
        if (v.valid_targets() == null || v.valid_targets().isEmpty()) {
            return listen();
        }
        if ("night".equals(v.phase())) {
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
        if (!v.spoke()) {
            return speak(String.format(SUSPICIONS[r.nextInt(SUSPICIONS.length)], suspect));
        }
        if (v.voted_for() == null) {
            return vote(suspect);
        }
        return listen();
    }

    private Catalog.PlayerAction night(int round, Catalog.SeatView v) {
        List<String> pack = new ArrayList<>();
        pack.add(v.you());
        v.partners().stream().filter(p -> v.living().contains(p)).forEach(pack::add);
        String leader = pack.stream().sorted().findFirst().orElseThrow();
        String key = round + "/" + v.day();
        if (!key.equals(proposalKey)) {
            proposalKey = key;
            proposal = null;
        }
        if (leader.equals(v.you())) {
            SplittableRandom r = random(round, "night", v.day());
            proposal = v.valid_targets().get(r.nextInt(v.valid_targets().size()));
            if (!v.spoke()) {
                return speak("Tonight we take " + proposal + ".");
            }
        } else {
            for (String line : v.unseen()) {
                Matcher match = PROPOSAL.matcher(line);
                if (match.matches() && match.group(1).equals(leader) && v.valid_targets().contains(match.group(2))) {
                    proposal = match.group(2);
                }
            }
            if (proposal == null) {
                return listen();
            }
            if (!v.spoke()) {
                return speak("Agreed: " + proposal + ".");
            }
        }
        return v.voted_for() == null ? vote(proposal) : listen();
    }

    private SplittableRandom random(int round, String phase, int day) {
        return new SplittableRandom(seed ^ name.hashCode() * 0x9E3779B97F4A7C15L ^ (round * 1_000_003L)
                ^ (day * 7919L) ^ phase.hashCode());
    }

    private static Catalog.PlayerAction speak(String text) {
        return new Catalog.PlayerAction("speak", null, text, null, null);
    }

    private static Catalog.PlayerAction vote(String target) {
        return new Catalog.PlayerAction("vote", null, null, target, null);
    }

    private static Catalog.PlayerAction listen() {
        return new Catalog.PlayerAction("listen", null, null, null, null);
    }
}
