package maw.cli;

/**
 * A planted violation, never used: a command that journals a game and starts a Player itself instead of calling the
 * application's services (ArchitectureTest shows its rules fail).
 */
final class PlantedPlay {
    maw.agents.gamemaster.Journal journal;
    maw.agents.player.PlayerAgent player;
    maw.runtime.xmpp.XmppTransport transport;
    maw.aiwolf.tcp.AiwolfServer server;
}
