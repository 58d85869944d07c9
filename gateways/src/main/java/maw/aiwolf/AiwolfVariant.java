package maw.aiwolf;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import maw.agents.GameAgent;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.gamemaster.Herald;
import maw.agents.ruleset.RuleFlags;
import maw.agents.ruleset.Variant;
import maw.agents.table.GameTable;
import maw.aiwolf.game.AiwolfNews;
import maw.aiwolf.game.AiwolfGame;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfRules;
import maw.aiwolf.game.AiwolfSettings;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.game.Composition;
import maw.base.Role;
import maw.config.ConfigException;
import maw.game.Rules;
import maw.runtime.RateLimit;

/**
 * The AIWolf regulation GAT2017 as a plug-in: talk in protocol 3.6, turn by turn; seer, medium, bodyguard, possessed.
 * Its steps end as soon as every seat answered; outside agents take seats through the AIWolf server's TCP protocol.
 * {@link Nlp} is the AIWolf NLP contest's game, a rule set of its own on the same engine.
 */
public class AiwolfVariant implements Variant<AiwolfState, AiwolfOptions, AiwolfNews> {

    /** The AIWolf NLP contest's game: 5, 9 or 13 players, natural-language talk one speaker at a time. */
    public static final class Nlp extends AiwolfVariant {
        public Nlp() {
            super(true);
        }
    }

    private final boolean natural;

    public AiwolfVariant() {
        this(false);
    }

    AiwolfVariant(boolean natural) {
        this.natural = natural;
    }

    @Override
    public String name() {
        return natural ? "aiwolf-nlp" : "aiwolf";
    }

    @Override
    public String summary() {
        return natural ? "aiwolf-nlp (the AIWolf NLP contest's game: 5, 9 or 13 players, natural-language talk one "
                + "speaker at a time, its limits and its order of the night)"
                : "aiwolf (the AIWolf regulation GAT2017: talk in protocol 3.6, turn by turn; seer, medium, bodyguard, "
                + "possessed)";
    }

    @Override
    public Rules<AiwolfState, AiwolfOptions, AiwolfNews> rules() {
        return new AiwolfRules();
    }

    @Override
    public Herald<AiwolfState, AiwolfNews> herald() {
        return new AiwolfHerald();
    }

    /** Bots play hundreds of steps a second: a burst of 200 from one sender, then 1,000 a second. */
    @Override
    public RateLimit inbound() {
        return GameAgent.FAST_TABLE_LIMIT;
    }

    @Override
    public int gatewayPort() {
        return natural ? 8080 : 10000;
    }

    @Override
    public List<String> flags() {
        return natural ? List.of("--players", "--rounds", "--turn-seconds", "--setting")
                : List.of("--players", "--rounds", "--turn-seconds", "--roles");
    }

    @Override
    public String takesNoOther() {
        return natural ? "the NLP contest deals its own villages of 5, 9 and 13, settles ties and takes every phase in "
                + "turns" : "the regulation deals the roles, settles ties and takes every phase in turns";
    }

    @Override
    public int defaultPlayers(RuleFlags flags) {
        if (natural && flags.has("--setting")) {
            return named(flags).players();
        }
        return !natural && flags.has("--roles") ? composition(flags).players() : 5;
    }

    /** The NLP contest's configuration --setting names. */
    private static maw.aiwolf.game.NlpRegulation.Named named(RuleFlags f) {
        String name = f.text("--setting", "");
        try {
            return maw.aiwolf.game.NlpRegulation.named(name);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + name + "' for --setting: " + e.getMessage());
        }
    }

    @Override
    public AiwolfOptions options(RuleFlags f) {
        int players = f.integer("--players", defaultPlayers(f));
        String roles = natural ? null : f.text("--roles", null);
        maw.aiwolf.game.NlpRegulation.Named named = natural && f.has("--setting") ? named(f) : null;
        if (named != null && players != named.players()) {
            throw new ConfigException("--players " + players + " does not fit --setting " + named.name() + ", a game "
                    + "of " + named.players() + " players");
        }
        if (natural) {
            if (players != 5 && players != 9 && players != 13) {
                throw new ConfigException("invalid value '" + players + "' for --players: the AIWolf NLP contest "
                        + "plays with 5, 9 or 13");
            }
        }
        if (roles == null && (players < 3 || players > 18)) {
            throw new ConfigException("invalid value '" + players + "' for --players: AIWolf villages have 3 to 18 "
                    + "players (5 and 15 are the regulation's; --roles makes any other)");
        }
        Composition village = roles == null ? Composition.of(players) : composition(f);
        if (village.players() != players) {
            throw new ConfigException("--players " + players + " does not match --roles " + roles + " ("
                    + village.players() + " players)");
        }
        int rounds = f.integer("--rounds", 1);
        if (rounds < 1 || rounds > 1000) {
            throw new ConfigException("invalid value '" + rounds + "' for --rounds: expected 1 to 1000");
        }
        double turn = f.number("--turn-seconds", 30);
        if (!(turn > 0) || turn > 86_400) {
            throw new ConfigException("invalid value '" + turn + "' for --turn-seconds: expected more than 0");
        }
        Duration step = Duration.ofMillis(Math.round(turn * 1000));
        return named != null ? AiwolfOptions.natural(named, step) : natural ? AiwolfOptions.natural(players, step)
                : new AiwolfOptions(AiwolfSettings.defaults(village), step);
    }

    /** The village --roles names, as the official server's role-count map (villager=3,seer=1,...). */
    private static Composition composition(RuleFlags f) {
        String roles = f.text("--roles", "");
        Map<Role, Integer> counts = new EnumMap<>(Role.class);
        for (String part : roles.split(",")) {
            String[] kv = part.strip().split("=", 2);
            Role role = null;
            for (Role r : Role.values()) {
                if (r.name().equalsIgnoreCase(kv[0].strip())) {
                    role = r;
                }
            }
            Integer n;
            try {
                n = kv.length == 2 ? Integer.valueOf(kv[1].strip()) : null;
            } catch (NumberFormatException e) {
                n = null;
            }
            if (role == null || n == null || n < 0 || n > 18 || counts.containsKey(role)) {
                throw new ConfigException("invalid value '" + roles + "' for --roles: expected ROLE=N,... with "
                        + "each of villager, seer, medium, bodyguard, werewolf, possessed at most once (\""
                        + part.strip() + "\" is not)");
            }
            counts.put(role, n);
        }
        try {
            return new Composition(counts);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid value '" + roles + "' for --roles: " + e.getMessage());
        }
    }

    /** Every step of every day running out its timer (the game ends by the last day at the latest), plus 2 min. */
    @Override
    public Duration timeout(AiwolfOptions a, int rounds) {
        AiwolfSettings s = a.settings();
        long stepsPerDay;
        if (s.natural()) {
            var nlp = s.nlp();
            stepsPerDay = (long) nlp.talk().perDay() * s.players() + nlp.whisper().perDay() * 4L + nlp.voteRounds()
                    + nlp.attackRounds() + 2;
            // A group chat's phases last their own time: a day's talk and its whispers.
            long chat = (nlp.talk().groupChat() ? nlp.talk().durationMillis() : 0)
                    + (nlp.whisper().groupChat() ? 2 * nlp.whisper().durationMillis() : 0);
            if (chat > 0) {
                return a.step().multipliedBy(stepsPerDay * s.players()).plusMillis(chat * AiwolfGame.DAY_CAP)
                        .plusSeconds(120).multipliedBy(rounds);
            }
        } else {
            stepsPerDay = s.maxTalkTurn() + s.maxRevote() + 1 + s.maxWhisperTurn() + s.maxAttackRevote() + 1;
        }
        return a.step().multipliedBy(stepsPerDay * s.players()).plusSeconds(120).multipliedBy(rounds);
    }

    @Override
    public GameTable.SeatFiller bots() {
        return AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES);
    }
}
