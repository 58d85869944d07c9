package maw.aiwolf.protocol;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.aiwolf.protocol.Sentence.Agree;
import maw.aiwolf.protocol.Sentence.And;
import maw.aiwolf.protocol.Sentence.Because;
import maw.aiwolf.protocol.Sentence.Comingout;
import maw.aiwolf.protocol.Sentence.Day;
import maw.aiwolf.protocol.Sentence.Disagree;
import maw.aiwolf.protocol.Sentence.Divined;
import maw.aiwolf.protocol.Sentence.Estimate;
import maw.aiwolf.protocol.Sentence.Identified;
import maw.aiwolf.protocol.Sentence.Inquire;
import maw.aiwolf.protocol.Sentence.Not;
import maw.aiwolf.protocol.Sentence.Or;
import maw.aiwolf.protocol.Sentence.Over;
import maw.aiwolf.protocol.Sentence.Request;
import maw.aiwolf.protocol.Sentence.Skip;
import maw.aiwolf.protocol.Sentence.Targeted;
import maw.aiwolf.protocol.Sentence.Xor;
import maw.aiwolf.protocol.Words.AgentId;
import maw.aiwolf.protocol.Words.Any;
import maw.aiwolf.protocol.Words.RoleWord;
import maw.aiwolf.protocol.Words.SpeciesWord;
import maw.aiwolf.protocol.Words.Subject;
import maw.aiwolf.protocol.Words.TalkKind;
import maw.aiwolf.protocol.Words.TalkRef;
import maw.aiwolf.protocol.Words.Target;
import maw.aiwolf.protocol.Words.Unspec;

/**
 * The AIWolf protocol as text: {@link #parse} reads one talk (one sentence) of version 3.6 or 2.01 and never throws;
 * {@link #write} gives the canonical text ({@code Agent[03]}, {@code Skip}, {@code TALK day1 ID:3}), which parses
 * back to an equal sentence; {@link #normalise} drops the subjects the omission rules imply, as the official library
 * does; {@link #resolve} fills every omitted subject in, as the rules say it is to be read.
 */
public final class Protocol {

    /** How deep sentences may nest in one another; deeper text is refused (it is no talk, and it costs stack). */
    public static final int MAX_DEPTH = 32;
    /** The longest text read (the official server's talks are far shorter). */
    public static final int MAX_LENGTH = 100_000;

    private Protocol() {}

    /**
     * Reads {@code text} as one sentence of {@code version}; never throws. The same text is usually read several times
     * in a row (by the rules, by each seat that hears it, by the narration): a recent reading is given again.
     */
    public static Parsed parse(String text, Version version) {
        Objects.requireNonNull(version, "version");
        Parsed recent = Readings.recent(text, version);
        return recent != null ? recent : Readings.keep(text, version, parseAnew(text, version));
    }

    /** {@link #parse}, without the recent readings (what the parser's benchmark measures). */
    public static Parsed parseAnew(String text, Version version) {
        Objects.requireNonNull(version, "version");
        if (text == null) {
            return new Parsed.Failed(new ParseError(0, "a sentence", null));
        }
        if (text.length() > MAX_LENGTH) {
            return new Parsed.Failed(new ParseError(MAX_LENGTH, "at most " + MAX_LENGTH + " characters",
                    text.substring(MAX_LENGTH, Math.min(text.length(), MAX_LENGTH + 10))));
        }
        try {
            return new Parsed.Ok(new Parser(text, version).statement());
        } catch (Parser.Fail f) {
            return new Parsed.Failed(f.error);
        } catch (RuntimeException e) {
            // Nothing above should throw anything else; if it does, the text is still answered, not the caller killed.
            return new Parsed.Failed(new ParseError(0, "a sentence (the parser failed: " + e + ")", text));
        }
    }

    /** Whether {@code text} is a sentence of {@code version}. */
    public static boolean isValid(String text, Version version) {
        return parse(text, version).ok();
    }

    /** The canonical text of {@code sentence}. */
    public static String write(Sentence sentence) {
        StringBuilder b = new StringBuilder();
        write(sentence, b);
        return b.toString();
    }

    private static void write(Sentence s, StringBuilder b) {
        if (!(s.subject() instanceof Unspec)) {
            b.append(s.subject() instanceof AgentId a ? a.toString() : "ANY").append(' ');
        }
        switch (s) {
            case Skip k -> b.append("Skip");
            case Over o -> b.append("Over");
            case Estimate e -> b.append("ESTIMATE ").append(word(e.target())).append(' ').append(e.role());
            case Comingout c -> b.append("COMINGOUT ").append(word(c.target())).append(' ').append(c.role());
            case Targeted a -> b.append(a.keyword()).append(' ').append(word(a.target()));
            case Divined d -> b.append("DIVINED ").append(word(d.target())).append(' ').append(d.species());
            case Identified i -> b.append("IDENTIFIED ").append(word(i.target())).append(' ').append(i.species());
            case Agree a -> b.append("AGREE ").append(a.talk());
            case Disagree d -> b.append("DISAGREE ").append(d.talk());
            case Request r -> {
                b.append("REQUEST ");
                if (r.target() != null) {
                    b.append(word(r.target())).append(' ');
                }
                clause(r.body(), b);
            }
            case Inquire i -> {
                b.append("INQUIRE ").append(word(i.target())).append(' ');
                clause(i.body(), b);
            }
            case Because c -> {
                b.append("BECAUSE ");
                clause(c.reason(), b);
                b.append(' ');
                clause(c.claim(), b);
            }
            case Day d -> {
                b.append("DAY ").append(d.day()).append(' ');
                clause(d.body(), b);
            }
            case Not n -> {
                b.append("NOT ");
                clause(n.body(), b);
            }
            case And a -> clauses("AND", a.clauses(), b);
            case Or o -> clauses("OR", o.clauses(), b);
            case Xor x -> clauses("XOR", x.clauses(), b);
        }
    }

    private static String word(Target t) {
        return t instanceof AgentId a ? a.toString() : "ANY";
    }

    private static void clause(Sentence s, StringBuilder b) {
        b.append('(');
        write(s, b);
        b.append(')');
    }

    private static void clauses(String op, List<Sentence> list, StringBuilder b) {
        b.append(op);
        for (Sentence c : list) {
            b.append(' ');
            clause(c, b);
        }
    }

    /**
     * Whether {@code sentence} can be said in {@code version}: null if it can, else why not (a REQUEST without a
     * target is 2.01 only; INQUIRE, BECAUSE, DAY, NOT, AND, OR, XOR, ANY, VOTED and ATTACKED are 3.6 only; Skip and
     * Over are nested, or have a subject, only in 2.01).
     */
    public static String problemIn(Sentence sentence, Version version) {
        Parsed p = parse(write(sentence), version);
        return p instanceof Parsed.Failed f ? f.error().message() : null;
    }

    /**
     * The sentence as the official library writes it: a nested subject that the omission rules imply is dropped (the
     * target of an enclosing REQUEST or INQUIRE, else the enclosing sentence's subject), and so is a top-level subject
     * equal to {@code speaker} (null: kept).
     */
    public static Sentence normalise(Sentence s, AgentId speaker) {
        return normaliseIn(s, speaker);
    }

    /** Drops the subject of {@code s} if it is the one implied there, and so on down; {@code implied} may be null. */
    private static Sentence normaliseIn(Sentence s, Subject implied) {
        Subject resolved = s.subject() instanceof Unspec ? implied : s.subject();
        Sentence me = implied instanceof AgentId && implied.equals(s.subject()) ? s.withSubject(Unspec.UNSPEC) : s;
        return switch (me) {
            case Request r -> new Request(r.subject(), r.target(), normaliseIn(r.body(), r.target() == null ? null
                    : (Subject) r.target()));
            case Inquire i -> new Inquire(i.subject(), i.target(), normaliseIn(i.body(), (Subject) i.target()));
            case Because c -> new Because(c.subject(), normaliseIn(c.reason(), resolved),
                    normaliseIn(c.claim(), resolved));
            case Day d -> new Day(d.subject(), d.day(), normaliseIn(d.body(), resolved));
            case Not n -> new Not(n.subject(), normaliseIn(n.body(), resolved));
            case And a -> new And(a.subject(), a.clauses().stream().map(c -> normaliseIn(c, resolved)).toList());
            case Or o -> new Or(o.subject(), o.clauses().stream().map(c -> normaliseIn(c, resolved)).toList());
            case Xor x -> new Xor(x.subject(), normaliseIn(x.first(), resolved), normaliseIn(x.second(), resolved));
            default -> me;
        };
    }

    /**
     * The sentence with every omitted subject filled in as the rules say it is to be read: at the top, the speaker;
     * in a REQUEST or INQUIRE, its target (ANY for a 2.01 REQUEST, which names none: "everyone"); elsewhere, the
     * enclosing sentence's subject.
     */
    public static Sentence resolve(Sentence s, AgentId speaker) {
        Objects.requireNonNull(speaker, "speaker");
        return resolveIn(s, speaker);
    }

    private static Sentence resolveIn(Sentence s, Subject implied) {
        Sentence me = s.subject() instanceof Unspec ? s.withSubject(implied) : s;
        Subject subj = me.subject();
        return switch (me) {
            case Request r -> new Request(subj, r.target(), resolveIn(r.body(), r.target() == null ? Any.ANY
                    : (Subject) r.target()));
            case Inquire i -> new Inquire(subj, i.target(), resolveIn(i.body(), (Subject) i.target()));
            case Because c -> new Because(subj, resolveIn(c.reason(), subj), resolveIn(c.claim(), subj));
            case Day d -> new Day(subj, d.day(), resolveIn(d.body(), subj));
            case Not n -> new Not(subj, resolveIn(n.body(), subj));
            case And a -> new And(subj, a.clauses().stream().map(c -> resolveIn(c, subj)).toList());
            case Or o -> new Or(subj, o.clauses().stream().map(c -> resolveIn(c, subj)).toList());
            case Xor x -> new Xor(subj, resolveIn(x.first(), subj), resolveIn(x.second(), subj));
            default -> me;
        };
    }

    /**
     * The structure of {@code s} as nested maps and lists of strings (for printing and JSON): its {@code type} (the
     * keyword), {@code subject}, and as it has them {@code target}, {@code role}, {@code species}, {@code talk},
     * {@code day} and {@code clauses}.
     */
    public static Map<String, Object> structure(Sentence s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", s.keyword());
        m.put("subject", s.subject() instanceof AgentId a ? a.toString() : s.subject().toString());
        switch (s) {
            case Estimate e -> {
                m.put("target", word(e.target()));
                m.put("role", e.role().name());
            }
            case Comingout c -> {
                m.put("target", word(c.target()));
                m.put("role", c.role().name());
            }
            case Targeted a -> m.put("target", word(a.target()));
            case Divined d -> {
                m.put("target", word(d.target()));
                m.put("species", d.species().name());
            }
            case Identified i -> {
                m.put("target", word(i.target()));
                m.put("species", i.species().name());
            }
            case Agree a -> m.put("talk", a.talk().toString());
            case Disagree d -> m.put("talk", d.talk().toString());
            case Request r -> {
                if (r.target() != null) {
                    m.put("target", word(r.target()));
                }
            }
            case Inquire i -> m.put("target", word(i.target()));
            case Day d -> m.put("day", d.day());
            default -> { }
        }
        if (!s.clauses().isEmpty()) {
            m.put("clauses", s.clauses().stream().map(Protocol::structure).toList());
        }
        return m;
    }

    // --- the parser -------------------------------------------------------------------------------------------------

    private static final Pattern AGENT = Pattern.compile("Agent(?:\\[(\\d{1,4})\\]|(\\d{1,4}))");
    private static final Pattern DAY_WORD = Pattern.compile("day(\\d{1,4})");
    private static final Pattern ID_WORD = Pattern.compile("ID:(\\d{1,6})");
    private static final String TARGET = "a target (an agent such as Agent[01], or ANY)";
    private static final String TARGET_201 = "a target (an agent such as Agent[01])";
    private static final String VERBS = "a verb or an operator (ESTIMATE, COMINGOUT, DIVINATION, DIVINED, IDENTIFIED, "
            + "GUARD, GUARDED, VOTE, VOTED, ATTACK, ATTACKED, AGREE, DISAGREE, REQUEST, INQUIRE, BECAUSE, DAY, NOT, AND, "
            + "OR, XOR) or Skip or Over";
    private static final String VERBS_201 = "a verb (ESTIMATE, COMINGOUT, DIVINATION, DIVINED, IDENTIFIED, GUARD, "
            + "GUARDED, VOTE, ATTACK, AGREE, DISAGREE, OVER, SKIP) or REQUEST";

    /** A recursive-descent reader over words and parentheses. */
    private static final class Parser {

        /** A parse error, carried up the recursion; no stack trace (fuzzers make millions). */
        static final class Fail extends RuntimeException {
            final ParseError error;

            Fail(ParseError error) {
                super(error.message(), null, false, false);
                this.error = error;
            }
        }

        private final String text;
        private final Version version;
        private final boolean v36;
        private int pos;
        // The current token: its kind ('(' , ')', 'w' for a word, 0 at the end), where it starts, and a word's text.
        private char kind;
        private int start;
        private String word;

        Parser(String text, Version version) {
            this.text = text;
            this.version = version;
            this.v36 = version == Version.V3_6;
            advance();
        }

        private void advance() {
            while (pos < text.length() && isSpace(text.charAt(pos))) {
                pos++;
            }
            start = pos;
            word = null;
            if (pos >= text.length()) {
                kind = 0;
                return;
            }
            char c = text.charAt(pos);
            if (c == '(' || c == ')') {
                kind = c;
                pos++;
                return;
            }
            kind = 'w';
            while (pos < text.length() && !isSpace(text.charAt(pos)) && text.charAt(pos) != '('
                    && text.charAt(pos) != ')') {
                pos++;
            }
            word = text.substring(start, pos);
        }

        private static boolean isSpace(char c) {
            return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\u3000' || c == '\u00a0';
        }

        private Fail fail(String expected) {
            String found = switch (kind) {
                case 0 -> null;
                case 'w' -> word;
                default -> String.valueOf(kind);
            };
            return new Fail(new ParseError(start, expected, found));
        }

        Sentence statement() {
            if (kind == '(') {
                throw fail("one sentence, not in parentheses (a talk is one sentence; join several with AND)");
            }
            Sentence s = sentence(0, false);
            if (kind != 0) {
                throw fail("the end of the sentence");
            }
            return s;
        }

        private Sentence sentence(int depth, boolean nested) {
            if (depth > MAX_DEPTH) {
                throw fail("at most " + MAX_DEPTH + " sentences nested in one another");
            }
            if (kind != 'w') {
                throw fail("a sentence");
            }
            Subject subject = Unspec.UNSPEC;
            Sentence control = control(subject, nested);
            if (control != null) {
                return control;
            }
            AgentId agent = agent(word);
            if (agent != null || word.equals("ANY")) {
                if (agent == null && !v36) {
                    throw fail("a subject (an agent such as Agent[01]): ANY is a word of version 3.6");
                }
                subject = agent != null ? agent : Any.ANY;
                advance();
                if (kind != 'w') {
                    throw fail(v36 ? VERBS : VERBS_201);
                }
                control = control(subject, nested);
                if (control != null) {
                    return control;
                }
            }
            String verb = word;
            int verbAt = start;
            switch (verb) {
                case "ESTIMATE", "COMINGOUT" -> {
                    advance();
                    Target t = target();
                    RoleWord r = role();
                    return verb.equals("ESTIMATE") ? new Estimate(subject, t, r) : new Comingout(subject, t, r);
                }
                case "DIVINATION", "GUARD", "VOTE", "ATTACK", "GUARDED", "VOTED", "ATTACKED" -> {
                    if (!v36 && (verb.equals("VOTED") || verb.equals("ATTACKED"))) {
                        throw fail(VERBS_201 + " (" + verb + " is a verb of version 3.6)");
                    }
                    advance();
                    return Targeted.of(verb, subject, target());
                }
                case "DIVINED", "IDENTIFIED", "INQUESTED" -> {
                    if (v36 && verb.equals("INQUESTED")) {
                        throw fail(VERBS + " (INQUESTED was the medium's verb before 2017: write IDENTIFIED)");
                    }
                    advance();
                    Target t = target();
                    SpeciesWord sp = species();
                    return verb.equals("DIVINED") ? new Divined(subject, t, sp) : new Identified(subject, t, sp);
                }
                case "AGREE", "DISAGREE" -> {
                    advance();
                    TalkRef ref = talkRef();
                    return verb.equals("AGREE") ? new Agree(subject, ref) : new Disagree(subject, ref);
                }
                case "REQUEST" -> {
                    advance();
                    Target t = null;
                    if (v36) {
                        if (kind == '(') {
                            throw fail(TARGET + " after REQUEST (REQUEST without a target is version 2.01)");
                        }
                        t = target();
                    } else if (kind == 'w') {
                        throw fail("'(' after REQUEST (in version 2.01 REQUEST names no target: REQUEST (Agent[01] "
                                + "VOTE Agent[02]); a target is version 3.6)");
                    }
                    return new Request(subject, t, clause(depth));
                }
                case "INQUIRE", "BECAUSE", "DAY", "NOT", "AND", "OR", "XOR" -> {
                    if (!v36) {
                        throw fail(VERBS_201 + " (" + verb + " is an operator of version 3.6)");
                    }
                    advance();
                    return operator(verb, subject, depth);
                }
                default -> {
                    start = verbAt;
                    throw fail(subject instanceof Unspec ? (v36 ? "a subject, " + VERBS : "a subject, " + VERBS_201)
                            : (v36 ? VERBS : VERBS_201));
                }
            }
        }

        /** An operator of version 3.6 ({@code verb}, read) and the sentences it takes. */
        private Sentence operator(String verb, Subject subject, int depth) {
            return switch (verb) {
                case "INQUIRE" -> {
                    Target t = target();
                    yield new Inquire(subject, t, clause(depth));
                }
                case "BECAUSE" -> {
                    Sentence reason = clause(depth);
                    if (kind != '(') {
                        throw fail("a second '(' sentence ')': BECAUSE (reason) (claim)");
                    }
                    yield new Because(subject, reason, clause(depth));
                }
                case "DAY" -> {
                    int day = number(DAY_NUMBER, Words.MAX_DAY, "a day number (0 to " + Words.MAX_DAY + ")");
                    yield new Day(subject, day, clause(depth));
                }
                case "NOT" -> new Not(subject, clause(depth));
                case "XOR" -> {
                    Sentence a = clause(depth);
                    if (kind != '(') {
                        throw fail("a second '(' sentence ')': XOR (sentence1) (sentence2)");
                    }
                    yield new Xor(subject, a, clause(depth));
                }
                default -> {
                    List<Sentence> list = new ArrayList<>();
                    list.add(clause(depth));
                    if (kind != '(') {
                        throw fail("a second '(' sentence ')': " + verb + " joins two sentences or more");
                    }
                    while (kind == '(') {
                        list.add(clause(depth));
                    }
                    yield verb.equals("AND") ? new And(subject, list) : new Or(subject, list);
                }
            };
        }

        /** Skip or Over at the current word (after {@code subject}), or null if the word is neither. */
        private Sentence control(Subject subject, boolean nested) {
            boolean skip = word.equals("Skip") || word.equals("SKIP");
            boolean over = word.equals("Over") || word.equals("OVER");
            if (!skip && !over) {
                return null;
            }
            if (v36 && nested) {
                throw fail("a sentence other than Skip and Over: they stand alone, never in another sentence");
            }
            if (v36 && !(subject instanceof Unspec)) {
                throw fail(VERBS + " (Skip and Over take no subject)");
            }
            advance();
            return skip ? new Skip(subject) : new Over(subject);
        }

        private Sentence clause(int depth) {
            if (kind != '(') {
                throw fail("'(' and a sentence");
            }
            advance();
            Sentence s = sentence(depth + 1, true);
            if (kind != ')') {
                throw fail("')' closing the sentence");
            }
            advance();
            return s;
        }

        private Target target() {
            if (kind == 'w') {
                AgentId a = agent(word);
                if (a != null) {
                    advance();
                    return a;
                }
                if (word.equals("ANY")) {
                    if (!v36) {
                        throw fail(TARGET_201 + " (ANY is a word of version 3.6)");
                    }
                    advance();
                    return Any.ANY;
                }
            }
            throw fail(v36 ? TARGET : TARGET_201);
        }

        private RoleWord role() {
            String expected = "a role (VILLAGER, SEER, MEDIUM, BODYGUARD, WEREWOLF, POSSESSED" + (v36 ? ", ANY)" : ")");
            if (kind == 'w') {
                for (RoleWord r : RoleWord.values()) {
                    if (r.name().equals(word) && (v36 || r != RoleWord.ANY)) {
                        advance();
                        return r;
                    }
                }
            }
            throw fail(expected);
        }

        private SpeciesWord species() {
            String expected = "a species (HUMAN, WEREWOLF" + (v36 ? ", ANY)" : ")");
            if (kind == 'w') {
                for (SpeciesWord s : SpeciesWord.values()) {
                    if (s.name().equals(word) && (v36 || s != SpeciesWord.ANY)) {
                        advance();
                        return s;
                    }
                }
            }
            throw fail(expected);
        }

        private TalkRef talkRef() {
            String expected = "a talk number (TALK day1 ID:3 or WHISPER day0 ID:12)";
            if (kind != 'w' || !(word.equals("TALK") || word.equals("WHISPER"))) {
                throw fail(expected);
            }
            TalkKind k = TalkKind.valueOf(word);
            advance();
            int day = number(DAY_WORD, Words.MAX_DAY, "the day of the talk (day1)");
            int id = number(ID_WORD, Words.MAX_TALK_ID, "the id of the talk (ID:3)");
            return new TalkRef(k, day, id);
        }

        private static final Pattern DAY_NUMBER = Pattern.compile("(\\d{1,4})");

        private int number(Pattern p, int max, String expected) {
            if (kind == 'w') {
                Matcher m = p.matcher(word);
                if (m.matches()) {
                    int n = Integer.parseInt(m.group(1));
                    if (n <= max) {
                        advance();
                        return n;
                    }
                }
            }
            throw fail(expected);
        }

        private static AgentId agent(String w) {
            if (w == null || !w.startsWith("Agent")) {
                return null;
            }
            Matcher m = AGENT.matcher(w);
            if (!m.matches()) {
                return null;
            }
            return new AgentId(Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2)));
        }
    }
}
