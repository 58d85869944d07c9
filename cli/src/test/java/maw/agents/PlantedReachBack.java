package maw.agents;

/**
 * A planted violation, never used: the agents' base touching Smack, knowing an agent kind and reaching into the
 * command line (ArchitectureTest shows each of those rules fails).
 */
final class PlantedReachBack {
    org.jivesoftware.smack.packet.Stanza stanza;
    maw.agents.bot.RuleBotAgent bot;
    maw.cli.Main main;
}
