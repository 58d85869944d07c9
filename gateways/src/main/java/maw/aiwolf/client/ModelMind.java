package maw.aiwolf.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.bots.AiwolfPlayer;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.log.AiwolfNarration;
import maw.base.Act;
import maw.base.Phase;
import maw.base.Role;
import maw.base.SeatView;
import maw.base.Speech;
import maw.game.Rules;
import maw.llm.ModelSeat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A model seat as an outside agent's mind (at an AIWolf server over TCP, or at an NLP contest's server over
 * WebSocket): each request is put to the language model with the AIWolf guiding prompt of the seat's role and what
 * happened since its last request; an answer that does not come within the server's time limit (or is no use) is
 * replaced by the rule agent's, which follows the same game, and the log says so. In the NLP contest's game ({@link
 * #natural}) the prompts are the natural-language ones ({@code prompts/aiwolf-nlp}), a talk is what the model says in
 * its own words, cut to the talk's length, and the rule agent it falls back on speaks plain English.
 */
public final class ModelMind implements AiwolfPlayer {

    private static final Logger LOG = LoggerFactory.getLogger(ModelMind.class);

    private final String me;
    private final List<String> agents;
    private final ModelSeat seat;
    private final Duration limit;
    private final AiwolfPlayer rules;
    private final AiwolfNarration narration;
    private final List<String> unseen = new ArrayList<>();
    private final Set<String> alive;
    private Role role = Role.VILLAGER;
    private List<String> pack = List.of();
    private int day;
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger fellBack = new AtomicInteger();
    private final int talkLength;

    /** The mind of {@code me} among {@code agents}, answering within {@code limit} (the rule agent's answer after). */
    public ModelMind(String me, List<String> agents, long seed, ModelSeat seat, Duration limit) {
        this(me, agents, seed, seat, limit, -1);
    }

    private ModelMind(String me, List<String> agents, long seed, ModelSeat seat, Duration limit, int talkLength) {
        this.me = me;
        this.agents = List.copyOf(agents);
        this.seat = seat;
        this.limit = limit;
        this.talkLength = talkLength;
        AiwolfPlayer ruleAgent = AiwolfBots.rules(me, agents, seed);
        this.rules = talkLength > 0 ? AiwolfBots.natural(me, agents, ruleAgent) : ruleAgent;
        this.narration = new AiwolfNarration(agents);
        this.alive = new LinkedHashSet<>(agents);
    }

    /**
     * The mind of a seat of the NLP contest's game: talk in natural language, at most {@code talkLength} characters
     * a talk (the model is asked to keep to it; longer text is cut).
     */
    public static ModelMind natural(String me, List<String> agents, long seed, ModelSeat seat, Duration limit,
            int talkLength) {
        if (talkLength < 1) {
            throw new IllegalArgumentException("a talk's length is at least 1");
        }
        return new ModelMind(me, agents, seed, seat, limit, talkLength);
    }

    /** Answers the model gave in time, and answers the rule agent gave instead. */
    public int modelAnswers() {
        return answered.get();
    }

    public int fallbacks() {
        return fellBack.get();
    }

    @Override
    public void hear(AiwolfEvent e) {
        rules.hear(e);
        switch (e) {
            case AiwolfEvent.Dealt d -> {
                role = d.role();
                pack = d.pack().stream().filter(p -> !p.equals(me)).toList();
            }
            case AiwolfEvent.DayBegan d -> {
                day = d.day();
                alive.clear();
                alive.addAll(d.living());
            }
            case AiwolfEvent.Executed x -> alive.remove(x.player());
            default -> { }
        }
        unseen.addAll(narration.lines(e, true).stream().map(String::strip).toList());
    }

    @Override
    public String talk() {
        return text("talk", false, rules::talk);
    }

    @Override
    public String whisper() {
        return text("talk", true, rules::whisper);
    }

    @Override
    public String vote() {
        return target("vote", false, others(false), rules::vote);
    }

    @Override
    public String divine() {
        return target("divine", true, others(false), rules::divine);
    }

    @Override
    public String guard() {
        return target("guard", true, others(false), rules::guard);
    }

    @Override
    public String attack() {
        return target("vote", true, others(true), rules::attack);
    }

    private List<String> others(boolean humansOnly) {
        return alive.stream().filter(p -> !p.equals(me) && !(humansOnly && pack.contains(p))).toList();
    }

    private String text(String action, boolean night, Supplier<String> fallback) {
        Act a = ask(action, night, List.of());
        if (a instanceof Act.Talk t) {
            answered.incrementAndGet();
            return t.text();
        }
        return fall(action, fallback.get());
    }

    private String target(String action, boolean night, List<String> targets,
            Supplier<String> fallback) {
        Act a = ask(action, night, targets);
        String t = switch (a) {
            case Act.Vote v -> v.target();
            case Act.Divine d -> d.target();
            case Act.Guard g -> g.target();
            case null, default -> null;
        };
        if (t != null && targets.contains(t)) {
            answered.incrementAndGet();
            return t;
        }
        return fall(action, fallback.get());
    }

    private String fall(String action, String answer) {
        fellBack.incrementAndGet();
        LOG.info("model seat {}: no usable {} from the model within {} ms; the rule agent's answer is sent: {}", me,
                action, limit.toMillis(), answer);
        return answer;
    }

    /** The model's decision within the time limit, or null. */
    private Act ask(String action, boolean night, List<String> targets) {
        List<String> dead = agents.stream().filter(p -> !alive.contains(p)).toList();
        SeatView view = new SeatView(me, role, pack, night ? Phase.NIGHT : Phase.DAY, day, 0, List.copyOf(alive), dead,
                targets, List.of(Act.Kind.fromWire(action), Act.Kind.LISTEN), null, null,
                talkLength > 0 ? talkLength : Rules.LONGEST_LINE, List.of(), null, false, Map.of(), null,
                talkLength > 0 ? Speech.NATURAL : Speech.PROTOCOL, agents);
        List<String> news = List.copyOf(unseen);
        unseen.clear();
        CompletableFuture<Act> f = new CompletableFuture<>();
        Thread worker = Thread.ofVirtual().name("model-" + me).start(() -> {
            try {
                f.complete(seat.decide(view, news));
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        try {
            return f.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            worker.interrupt();
            return null;
        } catch (ExecutionException e) {
            LOG.warn("model seat {}: the model failed: {}", me, e.getCause().toString());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
