package maw.aiwolf.game;

import java.util.Objects;

/**
 * The AIWolf NLP contest's game (aiwolf-nlp-server), where language-model agents talk in natural language: what it
 * changes in an AIWolf game. Talk and whispers are {@link NlTalk}; the day: DAILY_INITIALIZE, on day 0 the werewolves'
 * morning whispers, then talk; the night: on day 0 the evening whispers, from day 1 the execution vote (up to {@code
 * voteRounds} rounds while it ties, then a random pick among the tied), the seer's divination (day 0 included), and
 * from day 1 the whispers, the guard and the attack vote (up to {@code attackRounds} rounds; a vote for a werewolf does
 * not count; with nobody to attack and {@code allowNoTarget} false nobody dies). Self-votes as the settings allow.
 */
public record NlpRegulation(NlTalk talk, NlTalk whisper, int voteRounds, boolean allowSelfVote, int attackRounds,
        boolean allowSelfAttack, boolean allowNoTarget, boolean voteVisibility) {

    /** How long a talk should be, in characters: the contest's regulation asks about 125 in English. */
    public static final int UTTERANCE_LENGTH = 125;

    /**
     * The length a seat's talk should keep to under {@code limits}: {@link #UTTERANCE_LENGTH}, or less where the
     * limits cut sooner (the length before a mention and after it, together).
     */
    public static int utteranceLength(NlTalk limits) {
        int cut = limits == null || limits.countInWord() || limits.baseLength() == null && limits.mentionLength() == null
                ? -1
                : (limits.baseLength() == null ? 0 : limits.baseLength())
                + (limits.mentionLength() == null ? 0 : limits.mentionLength());
        return cut > 0 ? Math.min(cut, UTTERANCE_LENGTH) : UTTERANCE_LENGTH;
    }

    public NlpRegulation {
        Objects.requireNonNull(talk, "talk");
        Objects.requireNonNull(whisper, "whisper");
        if (voteRounds < 1 || attackRounds < 1) {
            throw new IllegalArgumentException("a vote has at least one round");
        }
    }

    /**
     * The contest's configurations as its server ships them: 5 players (4 talks each, 20 turns, no length limit, no
     * whispers to speak of: one werewolf); 13 players (4 talks each, 52 turns, 50 before a mention and 50 after it,
     * counted in characters; whispers 4 each, 12 turns); 9 players as the 13-player limits scale (36 turns, 9
     * whisper turns). One round of each vote, self-votes allowed, votes not shown to all.
     */
    public static NlpRegulation contest(int players) {
        return switch (players) {
            case 5 -> new NlpRegulation(NlTalk.counts(4, 20, 0), NlTalk.counts(0, 0, 0), 1, true, 1, true, false,
                    false);
            case 9 -> new NlpRegulation(new NlTalk(4, 36, 0, null, null, 50, 50, false, true),
                    new NlTalk(4, 9, 0, null, null, 50, 50, false, true), 1, true, 1, true, false, false);
            case 13 -> new NlpRegulation(new NlTalk(4, 52, 0, null, null, 50, 50, false, true),
                    new NlTalk(4, 12, 0, null, null, 50, 50, false, true), 1, true, 1, true, false, false);
            default -> throw new IllegalArgumentException("the AIWolf NLP contest plays with 5, 9 or 13 players, not "
                    + players);
        };
    }

    /** The contest's settings for {@code players}: its village (5: 2 villagers, seer, werewolf, possessed). */
    public static AiwolfSettings settings(int players) {
        NlpRegulation nlp = contest(players);
        AiwolfSettings base = AiwolfSettings.defaults(Composition.of(players));
        return new AiwolfSettings(base.composition(), nlp.talk().perAgent(), Math.max(1, nlp.talk().perDay()),
                nlp.whisper().perAgent(), Math.max(1, nlp.whisper().perDay()), nlp.talk().maxSkip(),
                nlp.voteRounds() - 1, nlp.attackRounds() - 1, nlp.allowNoTarget(), false, nlp.voteVisibility(),
                false, true, false, false, false, -1, nlp);
    }
}
