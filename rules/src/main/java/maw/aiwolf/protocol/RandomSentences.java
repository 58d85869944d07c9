package maw.aiwolf.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
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
 * Random sentences of one version, every kind of sentence and operator in turn, nested up to a depth: for property
 * tests (write then parse gives the sentence back) and as a corpus for the parser's benchmark.
 */
public final class RandomSentences {

    private static final String[] VERBS = {"DIVINATION", "GUARD", "VOTE", "ATTACK", "GUARDED", "VOTED", "ATTACKED"};

    private final RandomGenerator random;
    private final Version version;
    private final int agents;

    /** @param agents how many agents the game has (Agent[01] to Agent[agents]) */
    public RandomSentences(RandomGenerator random, Version version, int agents) {
        this.random = random;
        this.version = version;
        this.agents = agents;
    }

    /** A sentence nested at most {@code depth} deep. */
    public Sentence next(int depth) {
        return sentence(depth, false);
    }

    private Sentence sentence(int depth, boolean nested) {
        boolean v36 = version == Version.V3_6;
        int kinds = v36 ? 22 : 14;
        int k = random.nextInt(depth > 0 ? kinds : (v36 ? 14 : 13));
        Subject s = subject();
        if (v36) {
            return switch (k) {
                case 0 -> nested ? new Sentence.Vote(s, target()) : new Sentence.Skip();
                case 1 -> nested ? new Sentence.Estimate(s, target(), role()) : new Sentence.Over();
                case 2 -> new Sentence.Estimate(s, target(), role());
                case 3 -> new Sentence.Comingout(s, target(), role());
                case 4, 5, 6, 7, 8, 9, 10 -> Sentence.Targeted.of(VERBS[k - 4], s, target());
                case 11 -> new Sentence.Divined(s, target(), species());
                case 12 -> new Sentence.Identified(s, target(), species());
                case 13 -> random.nextBoolean() ? new Sentence.Agree(s, talk()) : new Sentence.Disagree(s, talk());
                case 14 -> new Sentence.Request(s, target(), sentence(depth - 1, true));
                case 15 -> new Sentence.Inquire(s, target(), sentence(depth - 1, true));
                case 16 -> new Sentence.Because(s, sentence(depth - 1, true), sentence(depth - 1, true));
                case 17 -> new Sentence.Day(s, random.nextInt(15), sentence(depth - 1, true));
                case 18 -> new Sentence.Not(s, sentence(depth - 1, true));
                case 19 -> new Sentence.And(s, clauses(depth - 1));
                case 20 -> new Sentence.Or(s, clauses(depth - 1));
                default -> new Sentence.Xor(s, sentence(depth - 1, true), sentence(depth - 1, true));
            };
        }
        return switch (k) {
            case 0 -> new Sentence.Skip(nested ? s : Unspec.UNSPEC);
            case 1 -> new Sentence.Over(nested ? s : Unspec.UNSPEC);
            case 2 -> new Sentence.Estimate(s, target(), role());
            case 3 -> new Sentence.Comingout(s, target(), role());
            case 4, 5, 6, 7, 8 -> Sentence.Targeted.of(VERBS[k - 4], s, target());
            case 9 -> new Sentence.Divined(s, target(), species());
            case 10 -> new Sentence.Identified(s, target(), species());
            case 11 -> new Sentence.Agree(s, talk());
            case 12 -> new Sentence.Disagree(s, talk());
            default -> new Sentence.Request(s, null, sentence(depth - 1, true));
        };
    }

    private List<Sentence> clauses(int depth) {
        List<Sentence> list = new ArrayList<>();
        int n = 2 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            list.add(sentence(depth, true));
        }
        return list;
    }

    private Subject subject() {
        int r = random.nextInt(10);
        if (r < 5) {
            return Unspec.UNSPEC;
        }
        if (r == 5 && version == Version.V3_6) {
            return Any.ANY;
        }
        return agent();
    }

    private Target target() {
        return version == Version.V3_6 && random.nextInt(6) == 0 ? Any.ANY : agent();
    }

    private AgentId agent() {
        return new AgentId(1 + random.nextInt(agents));
    }

    private RoleWord role() {
        RoleWord[] all = RoleWord.values();
        return all[random.nextInt(version == Version.V3_6 ? all.length : all.length - 1)];
    }

    private SpeciesWord species() {
        SpeciesWord[] all = SpeciesWord.values();
        return all[random.nextInt(version == Version.V3_6 ? all.length : all.length - 1)];
    }

    private TalkRef talk() {
        return new TalkRef(random.nextInt(4) == 0 ? TalkKind.WHISPER : TalkKind.TALK, random.nextInt(10),
                random.nextInt(60));
    }
}
