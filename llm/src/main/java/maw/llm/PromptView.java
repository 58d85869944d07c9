package maw.llm;

import java.util.List;

/**
 * What a seat knows when it is its turn, in the terms the guiding prompt uses.
 *
 * @param name             the seat's name
 * @param role             its role (villager, werewolf, seer)
 * @param partners         its fellow werewolves, if a werewolf
 * @param phase            day or night
 * @param day              the day's number
 * @param players          everyone at the table
 * @param living           who is alive
 * @param dead             who is dead
 * @param validTargets     whom it may vote for now
 * @param allowedActions   what it may do now
 * @param room             where it speaks now (Village or Hideout)
 * @param maxMessageLength the longest message it may say
 * @param votedFor         whom it voted for this phase, if anyone
 * @param spoke            whether it has spoken this phase
 * @param agents           in an AIWolf game, the players in agent order (Agent[01] first); null otherwise
 * @param natural          in an AIWolf game, whether its talk is natural language (the NLP contest's game) rather
 *                         than the protocol; {@code maxMessageLength} is then the length a talk is cut to
 * @param turn             at a pace of turns, the seat's turn in words (its talk round, or the voting round); empty
 *                         at the clock's pace
 */
public record PromptView(String name, String role, List<String> partners, String phase, int day, List<String> players,
        List<String> living, List<String> dead, List<String> validTargets, List<String> allowedActions, String room,
        int maxMessageLength, String votedFor, boolean spoke, List<String> agents, boolean natural, String turn) {

    public PromptView {
        turn = turn == null ? "" : turn;
    }

    public PromptView(String name, String role, List<String> partners, String phase, int day, List<String> players,
            List<String> living, List<String> dead, List<String> validTargets, List<String> allowedActions,
            String room, int maxMessageLength, String votedFor, boolean spoke, List<String> agents, boolean natural) {
        this(name, role, partners, phase, day, players, living, dead, validTargets, allowedActions, room,
                maxMessageLength, votedFor, spoke, agents, natural, "");
    }

    public PromptView(String name, String role, List<String> partners, String phase, int day, List<String> players,
            List<String> living, List<String> dead, List<String> validTargets, List<String> allowedActions,
            String room, int maxMessageLength, String votedFor, boolean spoke, List<String> agents) {
        this(name, role, partners, phase, day, players, living, dead, validTargets, allowedActions, room,
                maxMessageLength, votedFor, spoke, agents, false);
    }

    public PromptView(String name, String role, List<String> partners, String phase, int day, List<String> players,
            List<String> living, List<String> dead, List<String> validTargets, List<String> allowedActions,
            String room, int maxMessageLength, String votedFor, boolean spoke) {
        this(name, role, partners, phase, day, players, living, dead, validTargets, allowedActions, room,
                maxMessageLength, votedFor, spoke, null);
    }

    /** Whether the game is an AIWolf game (its talk the protocol, or natural language when {@link #natural}). */
    public boolean aiwolf() {
        return agents != null;
    }
}
