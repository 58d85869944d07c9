package maw.game;

/**
 * A rule set: pure and deterministic. Given a state and a command it returns the next state and what to announce, or
 * why the command is refused; it has no clock, no network and no randomness but the state's own. MAW's rules are
 * {@link MawRules}; the AIWolf regulation is a second implementation of the same contract.
 */
public interface Rules {

    /** A game in its lobby, before the deal. */
    GameState newGame(GameOptions options, long seed);

    Outcome apply(GameState state, Command command);
}
