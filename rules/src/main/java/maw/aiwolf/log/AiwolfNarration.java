package maw.aiwolf.log;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import maw.aiwolf.game.AiwolfEvent;
import maw.aiwolf.protocol.Gloss;
import maw.aiwolf.protocol.Parsed;
import maw.aiwolf.protocol.Plain;
import maw.aiwolf.protocol.Protocol;
import maw.aiwolf.protocol.Sentence;
import maw.aiwolf.protocol.Version;
import maw.aiwolf.protocol.Words.AgentId;

/**
 * An AIWolf game told in lines for people, as the moderator sees it: each talk as protocol text with its gloss beside
 * it ({@code Cid (3): COMINGOUT Agent[03] SEER   = Cid (3) says they are the seer}), votes, deaths, divinations.
 * The text is raw: a terminal that prints it makes it inert first.
 */
public final class AiwolfNarration {

    private final List<String> names;
    private final Gloss gloss;
    private final Plain plain;

    /** @param names the players in agent order (Agent[01] first) */
    public AiwolfNarration(List<String> names) {
        this.names = List.copyOf(names);
        this.gloss = new Gloss(i -> i >= 1 && i <= this.names.size() ? this.names.get(i - 1) : null);
        this.plain = Plain.of(this.names);
    }

    /** A player with its agent number: {@code Cid (3)}. */
    public String who(String player) {
        return player == null ? "nobody" : player + " (" + (names.indexOf(player) + 1) + ")";
    }

    /**
     * The gloss of protocol text said by {@code agent}; of natural-language talk, the gloss of what {@link
     * maw.aiwolf.protocol.Plain} finds in it (in brackets: a reading, not the words); null when there is none.
     */
    public String gloss(String agent, String text) {
        Parsed p = Protocol.parse(text, Version.V3_6);
        AgentId speaker = new AgentId(names.indexOf(agent) + 1);
        if (p.ok()) {
            return gloss.of(p.sentence(), speaker);
        }
        List<Sentence> meant = plain.read(text, agent);
        return meant.isEmpty() ? null : "[" + meant.stream().map(s -> gloss.of(s, speaker))
                .collect(Collectors.joining("; ")) + "]";
    }

    /** One utterance: who, the text, and its gloss (none for Skip and Over). */
    public String utterance(String agent, String text, boolean whisper) {
        boolean control = text.equals("Skip") || text.equals("Over");
        String g = control ? null : gloss(agent, text);
        return (whisper ? "[whisper] " : "") + who(agent) + ": " + text + (g == null ? "" : "   = " + g);
    }

    /** The lines of an event; {@code quietTalk} leaves out Skip and Over. */
    public List<String> lines(AiwolfEvent e, boolean quietTalk) {
        List<String> out = new ArrayList<>();
        switch (e) {
            case AiwolfEvent.Dealt d -> {
                if (d.player().equals(names.getFirst())) {
                    out.add("roles dealt:");
                }
                out.add("  " + who(d.player()) + " is " + d.role().name().toLowerCase(Locale.ROOT));
            }
            case AiwolfEvent.DayBegan d -> out.add("== Day " + d.day() + " begins."
                    + (d.day() == 0 ? "" : d.attacked() != null ? " " + who(d.attacked()) + " was attacked in the "
                            + "night." : " Nobody died in the night.") + " Living: " + d.living().size() + ".");
            case AiwolfEvent.Turn t -> {
                for (AiwolfEvent.Utterance u : t.utterances()) {
                    if (quietTalk && (u.text().equals("Skip") || u.text().equals("Over"))) {
                        continue;
                    }
                    out.add("  " + utterance(u.agent(), u.text(), t.whisper()));
                }
            }
            case AiwolfEvent.Invalid i -> out.add("  (" + who(i.player()) + " said no protocol, counted as Skip: "
                    + i.reason() + ")");
            case AiwolfEvent.Votes v -> out.add("  " + (v.attack() ? "attack votes" : "votes")
                    + (v.revote() > 0 ? " (re-vote)" : "") + ": " + v.ballots().entrySet().stream()
                    .map(b -> names.indexOf(b.getKey()) + 1 + "->" + (names.indexOf(b.getValue()) + 1))
                    .sorted().collect(Collectors.joining(" ")));
            case AiwolfEvent.Executed x -> out.add("  The village executes " + who(x.player()) + ".");
            case AiwolfEvent.Divined d -> out.add("  the seer " + who(d.seer()) + " divines " + who(d.target())
                    + ": " + d.species().name().toLowerCase(Locale.ROOT));
            case AiwolfEvent.Identified i -> out.add("  the medium " + who(i.medium()) + " reads " + who(i.target())
                    + ": " + i.species().name().toLowerCase(Locale.ROOT));
            case AiwolfEvent.Guarded g -> out.add("  the bodyguard " + who(g.bodyguard()) + " guards "
                    + who(g.target()));
            case AiwolfEvent.Attack a -> out.add("  the werewolves attack " + (a.target() == null ? "nobody"
                    : who(a.target()) + (a.guarded() ? ", who is guarded" : "")));
            case AiwolfEvent.Over o -> out.add(o.winner() == null ? "== No side wins (" + o.reason() + ")."
                    : "== The " + o.winner().name().toLowerCase(Locale.ROOT) + " win (" + o.reason() + ").");
        }
        return out;
    }
}
