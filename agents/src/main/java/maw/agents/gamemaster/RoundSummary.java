package maw.agents.gamemaster;

import java.util.List;
import java.util.Map;

/** One round's outcome, as the game summary reports it. */
public record RoundSummary(int round, String winner, String reason, int days, List<String> executed,
        List<String> murdered, Map<String, String> roles, Map<String, Integer> scores) {}
