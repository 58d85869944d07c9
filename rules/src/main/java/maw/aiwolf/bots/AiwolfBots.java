package maw.aiwolf.bots;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.game.AiwolfGame;
import maw.aiwolf.game.AiwolfNews;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.game.AiwolfRules;
import maw.aiwolf.game.AiwolfState;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Plain;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Sentence;
import maw.aiwolf.protocol.Version;
import maw.aiwolf.protocol.Words;
import maw.base.Act;
import maw.base.Role;
import maw.base.Species;
import maw.base.Team;
import maw.game.Playthrough;

/**
 * The seats MAW brings to AIWolf games without a model: a rule-based player that talks protocol and reasons on what it
 * hears, and a random-but-legal one to measure it against; and {@link #play}, which plays a game of them on the rules
 * alone.
 */
public final class AiwolfBots {

    private AiwolfBots() {}

    /**
     * Plays a game of these options and seed to its end on the AIWolf rules alone ({@link Playthrough}: the
     * GameMaster's commands, no agents), each seat's mind made by {@code seat} from its name and its dealt role;
     * every event of the game goes to {@code observer} too (a log, a narration). Returns the final state.
     *
     * @param names the players, in the order of their agent numbers (the deal numbers them in the names' order)
     */
    public static AiwolfState play(AiwolfOptions options, long seed, List<String> names,
            BiFunction<String, Role, AiwolfPlayer> seat, Consumer<AiwolfEvent> observer) {
        return Playthrough.play(new AiwolfRules(), options, seed, names,
                (name, dealt) -> seat(seat.apply(name, dealt.game().role(name))), news -> {
                    if (news instanceof AiwolfNews.Told t) {
                        observer.accept(t.event());
                    }
                });
    }

    /** The winning side of a game {@link #play} played: null for a draw. */
    public static Team winner(AiwolfState end) {
        return end.result() == null ? null : end.result().winner();
    }

    /**
     * A player as a seat of {@link Playthrough}: it hears what the rules tell it, and each act asked of it is its
     * choice for the step (a talk in the whisper turns is a whisper, a vote at night an attack).
     */
    public static Playthrough.Seat<AiwolfState, AiwolfNews> seat(AiwolfPlayer p) {
        return new Playthrough.Seat<>() {
            @Override
            public void hear(AiwolfNews news) {
                if (news instanceof AiwolfNews.Told t) {
                    p.hear(t.event());
                }
            }

            @Override
            public Act act(Act.Kind kind, AiwolfState state) {
                AiwolfGame.Stage stage = state.game().stage();
                boolean night = stage == AiwolfGame.Stage.WHISPER || stage == AiwolfGame.Stage.NIGHT;
                return switch (kind) {
                    case TALK -> new Act.Talk(orSkip(night ? p.whisper() : p.talk()));
                    case VOTE -> new Act.Vote(night ? p.attack() : p.vote());
                    case DIVINE -> new Act.Divine(p.divine());
                    case GUARD -> new Act.Guard(p.guard());
                    default -> null;
                };
            }
        };
    }

    private static String orSkip(String text) {
        return text == null || text.isBlank() ? "Skip" : text;
    }

    /** A seat that says Skip or Over and picks any legal target at random. */
    public static AiwolfPlayer random(String me, List<String> players, long seed) {
        return new Base(me, players, seed) {
            @Override
            public String talk() {
                return random.nextInt(4) == 0 ? "Over" : "Skip";
            }

            @Override
            public String vote() {
                return any(others());
            }

            @Override
            public String attack() {
                return any(others().stream().filter(p -> !pack.contains(p)).toList());
            }
        };
    }

    /**
     * A seat that plays by the regulation's common sense: the seer comes out when it pays (it found a werewolf,
     * another claims to be the seer, or the second day has come) and reports its divinations, the medium its readings;
     * everyone votes on the evidence (a werewolf found, a false seer unmasked: for the seer, any other seer) and, when
     * it has evidence, asks the village first thing each day to vote the same way ({@code REQUEST ANY (VOTE ...)}:
     * tables that count requests follow the first), and asks again when its mind changes; a werewolf always asks, for
     * a human; a guess is only said ({@code VOTE ...}), but asked in a village of five; the werewolves attack who
     * threatens them most, the possessed claims to be the seer and accuses an innocent, the bodyguard guards the seer.
     */
    public static AiwolfPlayer rules(String me, List<String> players, long seed) {
        return new Base(me, players, seed) {
            private final Deque<String> toSay = new ArrayDeque<>();
            private final Map<String, Species> known = new HashMap<>();
            private final Set<String> seerClaims = new LinkedHashSet<>();
            private final Set<String> mediumClaims = new LinkedHashSet<>();
            /** Werewolf reports by claimed seers and mediums: accused -> accusers. */
            private final Map<String, Set<String>> accused = new HashMap<>();
            private final Set<String> liars = new HashSet<>();
            private boolean cameOut;
            private String fakeTarget;
            private final Plain plain = Plain.of(players);

            @Override
            public void hear(AiwolfEvent e) {
                super.hear(e);
                switch (e) {
                    case AiwolfEvent.Divined d -> {
                        known.put(d.target(), d.species());
                        results.add(d);
                        if (d.species() == Species.WEREWOLF) {
                            comeOutAsSeer();
                        } else if (cameOut) {
                            sayResults();
                        }
                    }
                    case AiwolfEvent.Identified i -> {
                        known.put(i.target(), i.species());
                        if (!cameOut) {
                            toSay.add("COMINGOUT " + agent(me) + " MEDIUM");
                            cameOut = true;
                        }
                        toSay.add("IDENTIFIED " + agent(i.target()) + " " + i.species().name());
                    }
                    case AiwolfEvent.DayBegan d -> {
                        whispered = null;
                        if (role == Role.SEER && d.day() >= 2) {
                            comeOutAsSeer();
                        }
                        if (role == Role.POSSESSED && d.day() >= 1) {
                            if (!cameOut) {
                                toSay.add("COMINGOUT " + agent(me) + " SEER");
                                cameOut = true;
                            }
                            if (fakeTarget == null || !alive.contains(fakeTarget)) {
                                fakeTarget = any(others().stream().filter(p -> !seerClaims.contains(p)).toList());
                            }
                            if (fakeTarget != null) {
                                toSay.add("DIVINED " + agent(fakeTarget) + " WEREWOLF");
                            }
                        }
                        requested = null;
                        if (d.day() >= 1 && role != Role.POSSESSED) {
                            // A request moves the votes of a table that counts requests: made first, it counts most
                            // (a seer who came out says what it found first, then asks).
                            String v = vote();
                            if (v != null && !grounded(v)) {
                                toSay.add("VOTE " + agent(v)); // a guess: said, not asked of the village
                            } else if (v != null) {
                                String request = "REQUEST ANY (VOTE " + agent(v) + ")";
                                if (role == Role.SEER && cameOut) {
                                    toSay.addLast(request);
                                } else {
                                    toSay.addFirst(request);
                                }
                                requested = v;
                            }
                        }
                    }
                    case AiwolfEvent.Turn t -> {
                        for (AiwolfEvent.Utterance u : t.utterances()) {
                            if (!t.whisper()) {
                                for (Sentence s : sentences(u, plain)) {
                                    read(u.agent(), s);
                                }
                            }
                        }
                    }
                    default -> { }
                }
            }

            /** The seer's divinations not yet told. */
            private final List<AiwolfEvent.Divined> results = new ArrayList<>();

            /**
             * The seer comes out when it pays: it found a werewolf, another claims to be the seer, or the second
             * day has come; then it tells what it found, asks the village to vote out a werewolf it found.
             */
            private void comeOutAsSeer() {
                if (!cameOut) {
                    toSay.add("COMINGOUT " + agent(me) + " SEER");
                    cameOut = true;
                }
                sayResults();
            }

            private void sayResults() {
                for (AiwolfEvent.Divined d : results) {
                    toSay.add("DIVINED " + agent(d.target()) + " " + d.species().name());
                }
                results.clear();
            }

            private void read(String speaker, Sentence s) {
                if (s == null || speaker.equals(me)) {
                    return;
                }
                switch (s) {
                    case Sentence.Comingout c when c.role() == Words.RoleWord.SEER -> {
                        seerClaims.add(speaker);
                        if (role == Role.SEER) {
                            liars.add(speaker); // there is one seer, and it is this seat
                            comeOutAsSeer();
                        }
                    }
                    case Sentence.Comingout c when c.role() == Words.RoleWord.MEDIUM && role == Role.MEDIUM -> {
                        mediumClaims.add(speaker);
                        liars.add(speaker);
                    }
                    case Sentence.Comingout c when c.role() == Words.RoleWord.MEDIUM -> mediumClaims.add(speaker);
                    case Sentence.Divined d when d.target() instanceof Words.AgentId a -> report(speaker, name(a),
                            d.species() == Words.SpeciesWord.WEREWOLF);
                    case Sentence.Identified i when i.target() instanceof Words.AgentId a -> report(speaker, name(a),
                            i.species() == Words.SpeciesWord.WEREWOLF);
                    default -> { }
                }
            }

            private void report(String speaker, String target, boolean wolf) {
                if (target == null) {
                    return;
                }
                // What I know for sure unmasks a liar: a "werewolf" who is me, or who I know to be human.
                boolean meHuman = target.equals(me) && role != null && role.species() == Species.HUMAN;
                if (wolf && (meHuman || known.get(target) == Species.HUMAN)) {
                    liars.add(speaker);
                    return;
                }
                if (!wolf && known.get(target) == Species.WEREWOLF) {
                    liars.add(speaker);
                    return;
                }
                if (wolf) {
                    accused.computeIfAbsent(target, k -> new HashSet<>()).add(speaker);
                }
            }

            @Override
            public String talk() {
                String next = toSay.poll();
                if (next == null && role != Role.POSSESSED) {
                    String v = vote();
                    if (v != null && !v.equals(requested) && grounded(v)) {
                        requested = v; // what it read today changed its mind: it says so
                        next = "REQUEST ANY (VOTE " + agent(v) + ")";
                    }
                }
                return next != null ? next : "Over";
            }

            /** Whom the seat asked the village to vote for today. */
            private String requested;

            /**
             * Whether to ask the village to vote for {@code p}: when the vote rests on evidence the seat can give (a
             * werewolf found, a liar unmasked, a werewolf report no liar made); always in a village of five, where the
             * first request decides the day and a guess heard first beats the werewolf's; and always for a werewolf.
             */
            private boolean grounded(String p) {
                return role == Role.WEREWOLF || players.size() <= 5 || known.get(p) == Species.WEREWOLF
                        || liars.contains(p)
                        || accused.getOrDefault(p, Set.of()).stream().anyMatch(a -> !liars.contains(a));
            }

            /** The night's target, whispered once (and again when it changes). */
            private String whispered;

            @Override
            public String whisper() {
                String t = attack();
                if (t == null || t.equals(whispered)) {
                    return "Over";
                }
                whispered = t;
                return "ATTACK " + agent(t);
            }

            @Override
            public String vote() {
                List<String> others = others();
                if (role == Role.WEREWOLF) {
                    return threat(others.stream().filter(p -> !pack.contains(p)).toList());
                }
                if (role == Role.POSSESSED) {
                    List<String> rivals = others.stream().filter(seerClaims::contains).toList();
                    return !rivals.isEmpty() ? any(rivals) : fakeTarget != null && alive.contains(fakeTarget)
                            ? fakeTarget : any(others);
                }
                for (String p : others) {
                    if (known.get(p) == Species.WEREWOLF) {
                        return p;
                    }
                }
                List<String> lying = others.stream().filter(liars::contains).toList();
                if (!lying.isEmpty()) {
                    return any(lying);
                }
                String most = null;
                int best = 0;
                for (String p : others) {
                    int n = (int) accused.getOrDefault(p, Set.of()).stream().filter(a -> !liars.contains(a)).count();
                    if (n > best && known.get(p) != Species.HUMAN) {
                        best = n;
                        most = p;
                    }
                }
                if (most != null) {
                    return most;
                }
                List<String> unknown = others.stream().filter(p -> known.get(p) == null && !seerClaims.contains(p)
                        && !mediumClaims.contains(p)).toList();
                return any(unknown.isEmpty() ? others : unknown);
            }

            /** Whom a werewolf most wants gone: a claimed seer, then a claimed medium, then anyone. */
            private String threat(List<String> humans) {
                List<String> seers = humans.stream().filter(seerClaims::contains).toList();
                if (!seers.isEmpty()) {
                    return seers.getFirst();
                }
                List<String> mediums = humans.stream().filter(mediumClaims::contains).toList();
                if (!mediums.isEmpty()) {
                    return mediums.getFirst();
                }
                return humans.isEmpty() ? null : humans.getFirst();
            }

            @Override
            public String divine() {
                List<String> unknown = others().stream().filter(p -> !known.containsKey(p)).toList();
                List<String> suspects = unknown.stream().filter(accused::containsKey).toList();
                return any(!suspects.isEmpty() ? suspects : unknown.isEmpty() ? others() : unknown);
            }

            @Override
            public String guard() {
                List<String> seers = others().stream().filter(p -> seerClaims.contains(p) && !liars.contains(p))
                        .toList();
                if (seers.size() == 1) {
                    return seers.getFirst();
                }
                List<String> mediums = others().stream().filter(mediumClaims::contains).toList();
                return any(!mediums.isEmpty() ? mediums : others());
            }

            @Override
            public String attack() {
                return threat(others().stream().filter(p -> !pack.contains(p)).toList());
            }
        };
    }

    /** What every seat tracks: its role, its pack, who lives, and the agent numbers. */
    private abstract static class Base implements AiwolfPlayer {
        final String me;
        final List<String> players;
        final SplittableRandom random;
        final Set<String> alive;
        Role role;
        Set<String> pack = Set.of();

        Base(String me, List<String> players, long seed) {
            this.me = me;
            this.players = List.copyOf(players);
            this.random = new SplittableRandom(seed);
            this.alive = new LinkedHashSet<>(players);
        }

        @Override
        public void hear(AiwolfEvent e) {
            switch (e) {
                case AiwolfEvent.Dealt d -> {
                    role = d.role();
                    pack = Set.copyOf(d.pack());
                }
                case AiwolfEvent.DayBegan d -> {
                    alive.clear();
                    alive.addAll(d.living());
                }
                case AiwolfEvent.Executed x -> alive.remove(x.player());
                default -> { }
            }
        }

        List<String> others() {
            return alive.stream().filter(p -> !p.equals(me)).toList();
        }

        String any(List<String> from) {
            return from.isEmpty() ? null : from.get(random.nextInt(from.size()));
        }

        String agent(String name) {
            return new Words.AgentId(players.indexOf(name) + 1).toString();
        }

        String name(Words.AgentId a) {
            int i = a.index() - 1;
            return i >= 0 && i < players.size() ? players.get(i) : null;
        }

        @Override
        public String talk() {
            return "Over";
        }

        @Override
        public String whisper() {
            return "Over";
        }

        @Override
        public String divine() {
            return any(others());
        }

        @Override
        public String guard() {
            return any(others());
        }

        @Override
        public String attack() {
            return any(others().stream().filter(p -> !pack.contains(p)).toList());
        }
    }

    /**
     * {@code mind} talking plain English, as agents of the NLP contest's game talk: what it means in protocol text is
     * said as {@link maw.aiwolf.protocol.Plain#say} writes it, with {@code @Name} for whom it addresses; a coming out
     * and the sentence after it are said in one talk (the contest counts talks). Its acts are {@code mind}'s.
     */
    public static AiwolfPlayer natural(String me, List<String> players, AiwolfPlayer mind) {
        Plain plain = Plain.of(players);
        return new ForwardingPlayer(mind) {
            @Override
            public String talk() {
                return say(mind::talk);
            }

            @Override
            public String whisper() {
                return say(mind::whisper);
            }

            private String say(Supplier<String> next) {
                String first = next.get();
                if (first == null || first.equals("Skip") || first.equals("Over")) {
                    return first;
                }
                String text = plain.say(first, me);
                if (first.startsWith("COMINGOUT ")) {
                    String then = next.get();
                    if (then != null && !then.equals("Skip") && !then.equals("Over")) {
                        text = text + " " + plain.say(then, me);
                    }
                }
                return text;
            }
        };
    }

    /**
     * The names a table of {@code n} uses: P1, P2, ... (P01, P02, ... from 10 players on), so that their order is the
     * agent numbers' order.
     */
    public static List<String> names(int n) {
        List<String> out = new ArrayList<>();
        String format = n >= 10 ? "P%02d" : "P%d";
        for (int i = 1; i <= n; i++) {
            out.add(String.format(format, i));
        }
        return out;
    }

    /** The sentence a talk says, if it is protocol text (for bots reading the day's talk). */
    public static Sentence sentence(AiwolfEvent.Utterance u) {
        Parsed p = Protocol.parse(u.text(), Version.V3_6);
        return p.ok() ? p.sentence() : null;
    }

    /**
     * What a talk says: its sentence if it is protocol text, else the meanings {@code plain} finds in it (natural
     * language, as in the NLP contest's game).
     */
    public static List<Sentence> sentences(AiwolfEvent.Utterance u, Plain plain) {
        Sentence s = sentence(u);
        if (s != null) {
            return List.of(s);
        }
        return plain == null ? List.of() : plain.read(u.text(), u.agent());
    }
}
