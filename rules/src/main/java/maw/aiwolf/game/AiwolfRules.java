package maw.aiwolf.game;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import maw.base.Act;
import maw.base.Role;
import maw.base.Speech;
import maw.base.Team;
import maw.game.Command;
import maw.game.Outcome;
import maw.base.Phase;
import maw.game.PhaseId;
import maw.game.RefusalCode;
import maw.game.Rules;

/**
 * The AIWolf regulation (GAT2017, as the official server 0.6.x applies it) as a rule set the GameMaster drives: the
 * {@link AiwolfGame} engine behind the {@link Rules} contract. Each step of the game (a talk turn, a vote, a re-vote,
 * a whisper turn, a night's acts) is a {@link PhaseId} of its own, so an act or a timer of a step that is over is
 * never counted in the next. A talk is {@link Act.Talk}: by day to everyone, by night a werewolf's whisper to the
 * pack; an attack is a werewolf's vote by night; the bodyguard's act is {@link Act.Guard}.
 */
public final class AiwolfRules implements Rules<AiwolfState, AiwolfOptions, AiwolfNews> {

    /** The longest utterance taken (the protocol's sentences are far shorter; longer text is refused, not cut). */
    public static final int MAX_TALK_LENGTH = 1000;

    /** The longest natural-language utterance taken in the NLP contest's game (its limits cut what is taken). */
    public static final int MAX_NATURAL_LENGTH = 4000;

    @Override
    public String name() {
        return "aiwolf";
    }

    /** {@code aiwolf}, or {@code aiwolf-nlp} for the NLP contest's game (talk in natural language). */
    @Override
    public String label(AiwolfOptions options) {
        return options != null && options.settings().natural() ? "aiwolf-nlp" : "aiwolf";
    }

    /** Protocol sentences, or natural language in the NLP contest's game. */
    @Override
    public Speech speech(AiwolfOptions options) {
        return options != null && options.settings().natural() ? Speech.NATURAL : Speech.PROTOCOL;
    }

    /** In the NLP contest's game the length its regulation asks a talk to keep to; else a room's line. */
    @Override
    public int longest(AiwolfOptions options) {
        return options != null && options.settings().natural()
                ? NlpRegulation.utteranceLength(options.settings().nlp().talk()) : LONGEST_LINE;
    }

    @Override
    public Class<AiwolfOptions> optionsType() {
        return AiwolfOptions.class;
    }

    @Override
    public AiwolfState newGame(AiwolfOptions options, long seed) {
        return new AiwolfState(options, seed, null, List.of(), List.of(), null);
    }

    @Override
    public Outcome<AiwolfState, AiwolfNews> apply(AiwolfState state, Command command) {
        return switch (command) {
            case Command.Start s -> start(state, s.players());
            case Command.Perform p -> perform(state, p);
            case Command.Timeout t -> {
                if (state.game() == null || state.isOver()) {
                    yield refused(state.game() == null ? RefusalCode.NOT_STARTED : RefusalCode.GAME_OVER,
                            "no step is under way");
                }
                if (!t.phase().equals(state.phase())) {
                    yield refused(RefusalCode.PHASE_OVER, "the timer of " + t.phase() + " ran out after the step "
                            + "ended (now " + state.phase() + ")");
                }
                AiwolfGame g = state.game().copy();
                g.timeout();
                yield next(state, g);
            }
        };
    }

    private Outcome<AiwolfState, AiwolfNews> start(AiwolfState state, List<String> players) {
        if (state.game() != null) {
            return refused(RefusalCode.ALREADY_STARTED, "the roles are dealt already");
        }
        int seats = state.options().settings().players();
        if (players.size() != seats || new LinkedHashSet<>(players).size() != players.size()) {
            return refused(RefusalCode.BAD_TABLE, "the village has " + seats + " seats, for as many players with "
                    + "different names; " + players.size() + " came");
        }
        // Agent numbers follow the names' order, so that a seed replays a game whatever order the seats joined in.
        AiwolfGame g = AiwolfGame.deal(state.options().settings(), players.stream().sorted().toList(), state.seed(),
                state.options().roleRequests());
        AiwolfState lobby = new AiwolfState(state.options(), state.seed(), null, List.of(), List.of(), null);
        return next(lobby, g);
    }

    private Outcome<AiwolfState, AiwolfNews> perform(AiwolfState state, Command.Perform p) {
        AiwolfGame game = state.game();
        if (game == null) {
            return refused(RefusalCode.NOT_STARTED, "the game has not started");
        }
        String actor = p.actor();
        if (game.role(actor) == null) {
            return refused(RefusalCode.NOT_A_PLAYER, actor + " does not play in this game");
        }
        if (game.isOver()) {
            return refused(RefusalCode.GAME_OVER, "the game is over");
        }
        if (!game.living().contains(actor)) {
            return refused(RefusalCode.DEAD, "the dead neither talk nor act");
        }
        if (p.phase() != null && !p.phase().equals(state.phase())) {
            return refused(RefusalCode.PHASE_OVER, "that " + p.act().kind() + " was for " + p.phase()
                    + ", which is over (now " + state.phase() + ")");
        }
        if (p.act() instanceof Act.Pass) {
            if (!game.awaiting().containsKey(actor)) {
                return refused(game.done(actor).isEmpty() ? RefusalCode.NOT_NOW : RefusalCode.ALREADY_DONE,
                        "nothing is awaited from " + actor + " in this step");
            }
            AiwolfGame g = game.copy();
            String why = g.pass(actor);
            return why != null ? refused(RefusalCode.NOT_NOW, why) : next(state, g);
        }
        Act.Kind kind = kind(game, p.act());
        if (kind == null) {
            return refused(p.act() instanceof Act.Whisper ? RefusalCode.TURNED_OFF : RefusalCode.NOT_NOW,
                    p.act() instanceof Act.Whisper ? "AIWolf has no private whispers: the werewolves whisper to "
                            + "each other with talk at night" : "this is not a time to " + p.act().kind());
        }
        if (!game.awaiting().getOrDefault(actor, Set.of()).contains(kind)) {
            return refused(notAwaited(game, actor, kind), why(game, actor, kind));
        }
        String text = p.act() instanceof Act.Talk t ? t.text() : null;
        boolean natural = game.settings().natural();
        int longest = natural ? MAX_NATURAL_LENGTH : MAX_TALK_LENGTH;
        if (p.act() instanceof Act.Talk && (text == null || text.isBlank() || text.length() > longest)) {
            return refused(RefusalCode.BAD_TEXT, natural ? "an utterance is 1 to " + longest + " characters (Skip "
                    + "and Over included; the game's length limits then cut it)" : "an utterance is protocol text of 1 "
                    + "to " + longest + " characters (Skip and Over included)");
        }
        boolean attack = kind == Act.Kind.VOTE && game.stage() == AiwolfGame.Stage.NIGHT;
        boolean selfAllowed = natural && (attack ? game.settings().nlp().allowSelfAttack()
                : kind == Act.Kind.VOTE && game.settings().nlp().allowSelfVote());
        String target = p.act().target();
        if (text == null) {
            RefusalCode code = target == null || game.role(target) == null ? RefusalCode.UNKNOWN_TARGET
                    : !game.living().contains(target) ? RefusalCode.TARGET_DEAD
                    : target.equals(actor) && !selfAllowed ? RefusalCode.SELF_TARGET
                    : attack && game.role(target) == Role.WEREWOLF
                            ? RefusalCode.PACK_TARGET : null;
            if (code != null) {
                return refused(code, switch (code) {
                    case UNKNOWN_TARGET -> target + " does not play in this game";
                    case TARGET_DEAD -> target + " is dead";
                    case SELF_TARGET -> "not oneself";
                    default -> "werewolves do not attack werewolves";
                });
            }
        }
        AiwolfGame g = game.copy();
        String why = g.perform(actor, p.act());
        if (why != null) {
            return refused(RefusalCode.NOT_NOW, why);
        }
        return next(state, g);
    }

    /** What the engine is asked for by this act now, or null when the act has no meaning in this stage. */
    private static Act.Kind kind(AiwolfGame game, Act act) {
        AiwolfGame.Stage stage = game.stage();
        return switch (act) {
            case Act.Talk t -> stage == AiwolfGame.Stage.TALK || stage == AiwolfGame.Stage.WHISPER ? Act.Kind.TALK
                    : null;
            case Act.Vote v -> stage == AiwolfGame.Stage.VOTE || stage == AiwolfGame.Stage.NIGHT ? Act.Kind.VOTE
                    : null;
            case Act.Divine d -> Act.Kind.DIVINE;
            case Act.Guard g -> Act.Kind.GUARD;
            case Act.Whisper w -> null;
            case Act.Pass x -> null;
            case Act.Speak x -> null; // said in a room, never to the GameMaster
            case Act.Listen x -> null;
        };
    }

    private static RefusalCode notAwaited(AiwolfGame game, String actor, Act.Kind kind) {
        Role role = game.role(actor);
        boolean night = game.stage() == AiwolfGame.Stage.WHISPER || game.stage() == AiwolfGame.Stage.NIGHT;
        boolean roleOk = switch (kind) {
            case DIVINE -> role == Role.SEER;
            case GUARD -> role == Role.BODYGUARD;
            case TALK, VOTE -> !night || role == Role.WEREWOLF; // a whisper, an attack vote
            default -> true;
        };
        if (!roleOk) {
            return RefusalCode.NOT_YOUR_ROLE;
        }
        boolean done = game.done(actor).containsKey(kind)
                || kind == Act.Kind.TALK && game.talksLeft(actor) == 0;
        return done ? RefusalCode.ALREADY_DONE : RefusalCode.NOT_NOW;
    }

    private static String why(AiwolfGame game, String actor, Act.Kind kind) {
        String why = game.copy().perform(actor, switch (kind) {
            case TALK -> new Act.Talk("Skip");
            case VOTE -> new Act.Vote(actor);
            case DIVINE -> new Act.Divine(actor);
            case GUARD -> new Act.Guard(actor);
            default -> new Act.Listen();
        });
        return why == null ? "not now" : why;
    }

    /** The state after {@code g} acted: its events, and the step that began (before a new day's announcement). */
    private static Outcome<AiwolfState, AiwolfNews> next(AiwolfState before, AiwolfGame g) {
        List<AiwolfEvent> events = g.drain();
        List<String> executed = new ArrayList<>(before.executed());
        List<String> attacked = new ArrayList<>(before.attacked());
        AiwolfState.Ended ended = null;
        List<AiwolfNews> news = new ArrayList<>();
        for (AiwolfEvent e : events) {
            switch (e) {
                case AiwolfEvent.Executed x -> executed.add(x.player());
                case AiwolfEvent.DayBegan d -> {
                    if (d.attacked() != null) {
                        attacked.add(d.attacked());
                    }
                }
                case AiwolfEvent.Over o -> {
                    Team winner = o.winner();
                    Map<String, Role> roles = new TreeMap<>();
                    Map<String, Integer> scores = new TreeMap<>();
                    o.roles().forEach((p, r) -> {
                        roles.put(p, r);
                        scores.put(p, r.team() == o.winner() ? 1 : 0);
                    });
                    ended = new AiwolfState.Ended(winner, o.reason(), g.day(), roles, scores);
                }
                default -> { }
            }
            news.add(new AiwolfNews.Told(e));
        }
        AiwolfState after = new AiwolfState(before.options(), before.seed(), g, executed, attacked, ended);
        PhaseId was = before.phase();
        PhaseId now = after.phase();
        if (!now.equals(was) && now.phase() != Phase.OVER) {
            boolean newPhase = now.phase() != was.phase() || now.number() != was.number();
            // The step begins after what ended the last one (the roles are dealt before night 0, a turn's talks are
            // told before the next turn), but before a new day is announced, so that its timer is the day's first.
            int at = news.size();
            for (int i = 0; i < news.size(); i++) {
                if (news.get(i) instanceof AiwolfNews.Told t && t.event() instanceof AiwolfEvent.DayBegan) {
                    at = i;
                    break;
                }
            }
            news.add(at, new AiwolfNews.StepBegan(now, g.stage(), g.turn(), g.revote(), newPhase, g.living()));
        }
        return new Outcome.Accepted<>(after, news);
    }

    private static Outcome<AiwolfState, AiwolfNews> refused(RefusalCode code, String reason) {
        return new Outcome.Refused<>(code, reason);
    }
}
