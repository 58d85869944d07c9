package maw.aiwolf.game;

import java.util.Objects;

/**
 * An AIWolf game's settings, named as the official server's {@code gameSetting} names them; {@link #defaults} are
 * that server's (0.6.x) defaults, which the GAT2017 regulation plays by.
 *
 * @param composition         the roles dealt
 * @param maxTalk             talks a player may say a day (Skip and Over not counted)
 * @param maxTalkTurn         talk turns a day at most
 * @param maxWhisper          whispers a werewolf may say a night
 * @param maxWhisperTurn      whisper turns a night at most
 * @param maxSkip             consecutive Skips allowed; the next one counts as Over
 * @param maxRevote           re-votes of an execution vote that ties
 * @param maxAttackRevote     re-votes of an attack vote that ties
 * @param enableNoAttack      whether the werewolves may attack nobody
 * @param enableNoExecution   whether a tie may execute nobody (else a random pick among the tied)
 * @param voteVisible         whether everyone sees who voted for whom
 * @param votableInFirstDay   whether day 0 has a vote
 * @param talkOnFirstDay      whether day 0 has talk
 * @param validateUtterance   whether talk is checked against the protocol (invalid text counts as Skip)
 * @param whisperBeforeRevote whether the werewolves whisper again before an attack re-vote
 * @param enableRoleRequest   whether agents may ask for a role
 * @param timeLimitMillis     how long an agent may take to answer; -1: the server's default
 * @param nlp                 the AIWolf NLP contest's game instead of the protocol's (natural-language talk, its
 *                            order of the night); null: the official server 0.6.x's game
 */
public record AiwolfSettings(Composition composition, int maxTalk, int maxTalkTurn, int maxWhisper,
        int maxWhisperTurn, int maxSkip, int maxRevote, int maxAttackRevote, boolean enableNoAttack,
        boolean enableNoExecution, boolean voteVisible, boolean votableInFirstDay, boolean talkOnFirstDay,
        boolean validateUtterance, boolean whisperBeforeRevote, boolean enableRoleRequest, int timeLimitMillis,
        NlpRegulation nlp) {

    /** The official server's game (no NLP regulation). */
    public AiwolfSettings(Composition composition, int maxTalk, int maxTalkTurn, int maxWhisper, int maxWhisperTurn,
            int maxSkip, int maxRevote, int maxAttackRevote, boolean enableNoAttack, boolean enableNoExecution,
            boolean voteVisible, boolean votableInFirstDay, boolean talkOnFirstDay, boolean validateUtterance,
            boolean whisperBeforeRevote, boolean enableRoleRequest, int timeLimitMillis) {
        this(composition, maxTalk, maxTalkTurn, maxWhisper, maxWhisperTurn, maxSkip, maxRevote, maxAttackRevote,
                enableNoAttack, enableNoExecution, voteVisible, votableInFirstDay, talkOnFirstDay, validateUtterance,
                whisperBeforeRevote, enableRoleRequest, timeLimitMillis, null);
    }

    public AiwolfSettings {
        Objects.requireNonNull(composition, "composition");
        if (maxTalk < 0 || maxTalkTurn < 1 || maxWhisper < 0 || maxWhisperTurn < 1 || maxSkip < 0 || maxRevote < 0
                || maxAttackRevote < 0 || timeLimitMillis < -1) {
            throw new IllegalArgumentException("talk and whisper limits are at least 0 (turns at least 1), re-votes at "
                    + "least 0, and the time limit -1 or more");
        }
    }

    /** The official server's defaults for this village. */
    public static AiwolfSettings defaults(Composition composition) {
        return new AiwolfSettings(composition, 10, 20, 10, 20, 2, 1, 1, false, false, true, false, false, true, false,
                true, -1);
    }

    public int players() {
        return composition.players();
    }

    public AiwolfSettings withComposition(Composition c) {
        return new AiwolfSettings(c, maxTalk, maxTalkTurn, maxWhisper, maxWhisperTurn, maxSkip, maxRevote,
                maxAttackRevote, enableNoAttack, enableNoExecution, voteVisible, votableInFirstDay, talkOnFirstDay,
                validateUtterance, whisperBeforeRevote, enableRoleRequest, timeLimitMillis, nlp);
    }

    /** Whether this is the AIWolf NLP contest's game. */
    public boolean natural() {
        return nlp != null;
    }
}
