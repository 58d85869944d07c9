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
     * The contest's configurations as MAW first met its server: 5 players (4 talks each, 20 turns, no length limit, no
     * whispers to speak of: one werewolf); 13 players (4 talks each, 52 turns, 50 before a mention and 50 after it,
     * counted in characters; whispers 4 each, 12 turns), one round of each vote, self-votes allowed, votes not shown
     * to all; 9 players as the server's {@code default_9} ships it in 2026 ({@link #named}). The official
     * configurations of 2026 by their names: {@link #named}.
     */
    public static NlpRegulation contest(int players) {
        return switch (players) {
            case 5 -> new NlpRegulation(NlTalk.counts(4, 20, 0), NlTalk.counts(0, 0, 0), 1, true, 1, true, false,
                    false);
            case 9 -> official(52, 4, 12, 50);
            case 13 -> new NlpRegulation(new NlTalk(4, 52, 0, null, null, 50, 50, false, true),
                    new NlTalk(4, 12, 0, null, null, 50, 50, false, true), 1, true, 1, true, false, false);
            default -> throw new IllegalArgumentException("the AIWolf NLP contest plays with 5, 9 or 13 players, not "
                    + players);
        };
    }

    /**
     * The server's configurations of 2026 ({@code config/*.yml} of aiwolf-nlp-server's develop branch), by name: {@code
     * default_5}, {@code default_9} and {@code default_13} (Japanese: 50 characters before a mention and 50 after it)
     * and {@code default_en_5}, {@code default_en_9} and {@code default_en_13} (English, the INLG 2026 turn-based
     * tracks: 125 and 125); spaces are not counted, the votes are shown to all, 4 talks a day for each agent (20
     * turns at 5 players, 52 at 9 and 13), whispers 4 each and 12 turns where there are two werewolves or more; and
     * {@code freeform_en_5}, the speak-anytime track: {@code default_en_5} with its talk a 10-minute group chat.
     */
    public static final java.util.List<String> NAMES = java.util.List.of("default_5", "default_9", "default_13",
            "default_en_5", "default_en_9", "default_en_13", "freeform_en_5");

    /** The speak-anytime phase of {@code freeform_en_5}: 10 minutes. */
    public static final long FREEFORM_MILLIS = 600_000;

    /** A configuration of {@link #NAMES}: its players and its regulation. */
    public record Named(String name, int players, NlpRegulation regulation) {

        /** The same with its group chats (if any) lasting {@code millis}. */
        public Named chatLasting(long millis) {
            NlpRegulation r = regulation;
            return new Named(name, players, new NlpRegulation(r.talk().groupChat() ? r.talk().chat(millis) : r.talk(),
                    r.whisper().groupChat() ? r.whisper().chat(millis) : r.whisper(), r.voteRounds(),
                    r.allowSelfVote(), r.attackRounds(), r.allowSelfAttack(), r.allowNoTarget(), r.voteVisibility()));
        }

        /** Its game's settings. */
        public AiwolfSettings settings() {
            return NlpRegulation.settings(players, regulation);
        }
    }

    /** The configuration named {@code name} ({@link #NAMES}); an unknown name is refused, naming the known ones. */
    public static Named named(String name) {
        if ("freeform_en_5".equals(name == null ? null : name.strip())) {
            // The speak-anytime track: default_en_5's limits, the talk a 10-minute group chat (no Skip).
            NlpRegulation r = official(20, 0, 0, 125);
            return new Named("freeform_en_5", 5, new NlpRegulation(r.talk().chat(FREEFORM_MILLIS),
                    r.whisper().chat(FREEFORM_MILLIS), r.voteRounds(), r.allowSelfVote(), r.attackRounds(),
                    r.allowSelfAttack(), r.allowNoTarget(), r.voteVisibility()));
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("default_(en_)?(5|9|13)").matcher(
                name == null ? "" : name.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("unknown AIWolf NLP configuration '" + name + "' (known: "
                    + String.join(", ", NAMES) + ")");
        }
        int players = Integer.parseInt(m.group(2));
        int length = m.group(1) == null ? 50 : 125;
        NlpRegulation r = players == 5 ? official(20, 0, 0, length) : official(52, 4, 12, length);
        return new Named(m.group(0), players, r);
    }

    /** A 2026 configuration: 4 talks each, {@code talkTurns} a day, whispers as given, lengths before and after. */
    private static NlpRegulation official(int talkTurns, int whispers, int whisperTurns, int length) {
        return new NlpRegulation(new NlTalk(4, talkTurns, 0, null, null, length, length, false, false),
                new NlTalk(whispers, whisperTurns, 0, null, null, length, length, false, false), 1, true, 1, true,
                false, true);
    }

    /**
     * The contest's village for {@code players}: 5: 2 villagers, seer, werewolf, possessed; 9: 3 villagers, seer,
     * medium, bodyguard, 2 werewolves, possessed; 13: 6 villagers, seer, medium, bodyguard, 3 werewolves, possessed.
     */
    public static Composition village(int players) {
        if (players == 9) {
            java.util.Map<maw.base.Role, Integer> m = new java.util.EnumMap<>(maw.base.Role.class);
            m.put(maw.base.Role.VILLAGER, 3);
            m.put(maw.base.Role.SEER, 1);
            m.put(maw.base.Role.MEDIUM, 1);
            m.put(maw.base.Role.BODYGUARD, 1);
            m.put(maw.base.Role.WEREWOLF, 2);
            m.put(maw.base.Role.POSSESSED, 1);
            return new Composition(m);
        }
        return Composition.of(players);
    }

    /** The contest's settings for {@code players}: its village (5: 2 villagers, seer, werewolf, possessed). */
    public static AiwolfSettings settings(int players) {
        return settings(players, contest(players));
    }

    /** The settings of the configuration named {@code name} ({@link #named}). */
    public static AiwolfSettings settings(String name) {
        Named n = named(name);
        return settings(n.players(), n.regulation());
    }

    private static AiwolfSettings settings(int players, NlpRegulation nlp) {
        AiwolfSettings base = AiwolfSettings.defaults(village(players));
        return new AiwolfSettings(base.composition(), nlp.talk().perAgent(), Math.max(1, nlp.talk().perDay()),
                nlp.whisper().perAgent(), Math.max(1, nlp.whisper().perDay()), nlp.talk().maxSkip(),
                nlp.voteRounds() - 1, nlp.attackRounds() - 1, nlp.allowNoTarget(), false, nlp.voteVisibility(),
                false, true, false, false, false, -1, nlp);
    }
}
