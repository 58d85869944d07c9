package maw.aiwolf.protocol;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import maw.aiwolf.protocol.Words.AgentId;
import maw.aiwolf.protocol.Words.RoleWord;
import maw.aiwolf.protocol.Words.SpeciesWord;
import maw.aiwolf.protocol.Words.Target;

/**
 * The protocol's sentences as plain English talk, where agents talk in natural language (the AIWolf NLP contest):
 * {@link #say} writes what a rule agent means ({@code DIVINED Agent[03] WEREWOLF} reads "I divined @Cid: a
 * werewolf!"), names as the game knows them, another agent mentioned with {@code @Name} as the contest asks;
 * {@link #read} finds those meanings again in anyone's talk, in the same words or in the common ways of saying them
 * ("I'm the seer", "Cid is a werewolf", "let's vote for Cid"), so that a rule agent follows a conversation of language
 * models. What it does not recognise means nothing to it: it never guesses.
 */
public final class Plain {

    private final List<String> names;
    private final Pattern name;
    private final List<Rule> rules;

    /** @param names the players in agent order (Agent[01] first) */
    public Plain(List<String> names) {
        this.names = List.copyOf(names);
        String alternatives = this.names.stream().sorted(Comparator.comparingInt(String::length).reversed())
                .map(Pattern::quote).collect(Collectors.joining("|"));
        this.name = Pattern.compile("@?(" + (alternatives.isEmpty() ? "(?!)" : alternatives) + ")");
        String n = "@?(" + (alternatives.isEmpty() ? "(?!)" : alternatives) + ")";
        String role = "(seer|medium|bodyguard|villager|werewolf|possessed)";
        String species = "(human|werewolf|wolf)";
        int f = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
        this.rules = List.of(
                new Rule(Pattern.compile("\\bI(?:'m| am)\\s+(?:the\\s+|a\\s+|an\\s+)?" + role + "\\b", f),
                        (m, me) -> new Sentence.Comingout(me, me, role(m.group(1)))),
                new Rule(Pattern.compile("\\bdivined\\s+" + n + "\\W+(?:(?:is|was|as)\\s+)?(?:a\\s+)?" + species
                        + "\\b", f), (m, me) -> at(m.group(1)) == null ? null
                        : new Sentence.Divined(me, at(m.group(1)), species(m.group(2)))),
                new Rule(Pattern.compile("\\b(?:the\\s+executed\\s+|executed\\s+)" + n + "\\s+was\\s+(?:a\\s+)?"
                        + species + "\\b", f), (m, me) -> at(m.group(1)) == null ? null
                        : new Sentence.Identified(me, at(m.group(1)), species(m.group(2)))),
                new Rule(Pattern.compile("\\b(?:everyone|everybody|all of you|let'?s all|let us all|let'?s)\\W+"
                        + "(?:please\\s+)?vote\\s+(?:for\\s+|against\\s+)?" + n, f), (m, me) -> at(m.group(1)) == null
                        ? null : new Sentence.Request(me, Words.Any.ANY, new Sentence.Vote(Words.Unspec.UNSPEC,
                                at(m.group(1))))),
                new Rule(Pattern.compile("\\bI(?:'ll| will| am going to|'m going to)?\\s+vote\\s+(?:for\\s+|against"
                        + "\\s+)?" + n, f), (m, me) -> at(m.group(1)) == null ? null
                        : new Sentence.Vote(me, at(m.group(1)))),
                new Rule(Pattern.compile("\\b(?:attack|bite|kill)\\s+" + n, f), (m, me) -> at(m.group(1)) == null
                        ? null : new Sentence.Attack(me, at(m.group(1)))),
                new Rule(Pattern.compile(n + "\\s+(?:is|must be|has to be)\\s+(?:a\\s+|the\\s+)?" + role + "\\b", f),
                        (m, me) -> at(m.group(1)) == null || at(m.group(1)).equals(me) ? null
                        : new Sentence.Estimate(me, at(m.group(1)), role(m.group(2)))));
    }

    /** The readers of the name lists seen last: a reader compiles its patterns once, not at every line. */
    private static final Map<List<String>, Plain> RECENT = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<List<String>, Plain> eldest) {
            return size() > 64;
        }
    };

    /** The reader for these players (agent order, Agent[01] first): the same one for the same names. */
    public static Plain of(List<String> names) {
        List<String> key = List.copyOf(names);
        synchronized (RECENT) {
            return RECENT.computeIfAbsent(key, Plain::new);
        }
    }

    private record Rule(Pattern pattern, Reading reading) {}

    private interface Reading {
        Sentence of(Matcher m, AgentId speaker);
    }

    /**
     * What {@code s}, said by {@code speaker}, says in plain English, or null when it has no plain form here (the
     * caller then says it otherwise). Skip and Over stay as they are: they are the contest's words too.
     */
    public String say(Sentence s, String speaker) {
        AgentId me = id(speaker);
        return switch (s) {
            case Sentence.Skip k -> "Skip";
            case Sentence.Over o -> "Over";
            case Sentence.Comingout c when c.target().equals(me) ->
                    "I am the " + word(c.role()) + ".";
            case Sentence.Comingout c -> mention(c.target()) + " is the " + word(c.role()) + ".";
            case Sentence.Estimate e -> "I suspect " + mention(e.target()) + " is " + article(e.role()) + ".";
            case Sentence.Divined d -> "I divined " + mention(d.target()) + ": "
                    + (d.species() == SpeciesWord.WEREWOLF ? "a werewolf!" : "human.");
            case Sentence.Identified i -> "The executed " + plainName(i.target()) + " was "
                    + (i.species() == SpeciesWord.WEREWOLF ? "a werewolf." : "human.");
            case Sentence.Vote v -> "I will vote for " + mention(v.target()) + ".";
            case Sentence.Attack a -> "Let's attack " + mention(a.target()) + " tonight.";
            case Sentence.Guard g -> "I will guard " + mention(g.target()) + ".";
            case Sentence.Divination d -> "I will divine " + mention(d.target()) + ".";
            case Sentence.Request r when r.body() instanceof Sentence.Vote v && !(r.target() instanceof AgentId) ->
                    "Everyone, let's vote for " + mention(v.target()) + "!";
            case Sentence.Request r when r.body() instanceof Sentence.Vote v ->
                    mention(r.target()) + ", please vote for " + plainName(v.target()) + ".";
            default -> null;
        };
    }

    /** The protocol text {@code text} said by {@code speaker} in plain English, or the text itself if it has none. */
    public String say(String text, String speaker) {
        Parsed p = Protocol.parse(text, Version.V3_6);
        if (!p.ok()) {
            return text;
        }
        String plain = say(p.sentence(), speaker);
        return plain == null ? text : plain;
    }

    /** The meanings found in {@code text} said by {@code speaker}, in the order they are said. */
    public List<Sentence> read(String text, String speaker) {
        List<Sentence> found = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return found;
        }
        AgentId me = id(speaker);
        if (me == null) {
            return found;
        }
        record Hit(int at, Sentence s) {}
        List<Hit> hits = new ArrayList<>();
        for (Rule r : rules) {
            Matcher m = r.pattern().matcher(text);
            while (m.find()) {
                Sentence s = r.reading().of(m, me);
                if (s != null && hits.stream().noneMatch(h -> h.s().equals(s))) {
                    hits.add(new Hit(m.start(), s));
                }
            }
        }
        hits.sort(Comparator.comparingInt(Hit::at));
        hits.forEach(h -> found.add(h.s()));
        return found;
    }

    /** The names {@code text} mentions with {@code @}, in order. */
    public List<String> mentions(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = name.matcher(text == null ? "" : text);
        while (m.find()) {
            if (m.group().startsWith("@")) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    private AgentId id(String player) {
        int i = names.indexOf(player);
        return i < 0 ? null : new AgentId(i + 1);
    }

    private AgentId at(String player) {
        for (int i = 0; i < names.size(); i++) {
            if (names.get(i).equalsIgnoreCase(player)) {
                return new AgentId(i + 1);
            }
        }
        return null;
    }

    private String plainName(Target t) {
        if (t instanceof AgentId a && a.index() >= 1 && a.index() <= names.size()) {
            return names.get(a.index() - 1);
        }
        return "someone";
    }

    private String mention(Target t) {
        return t instanceof AgentId ? "@" + plainName(t) : "everyone";
    }

    private static String word(RoleWord r) {
        return r.name().toLowerCase(Locale.ROOT);
    }

    private static String article(RoleWord r) {
        return switch (r) {
            case WEREWOLF, VILLAGER -> "a " + word(r);
            case ANY -> "something";
            default -> "the " + word(r);
        };
    }

    private static RoleWord role(String s) {
        return RoleWord.valueOf(s.toUpperCase(Locale.ROOT));
    }

    private static SpeciesWord species(String s) {
        return s.equalsIgnoreCase("human") ? SpeciesWord.HUMAN : SpeciesWord.WEREWOLF;
    }
}
