package maw.aiwolf.link;

/** A planted violation, never used: the gateways' core reaching into one protocol (ArchitectureTest shows its rule fails). */
final class PlantedProtocol {
    maw.aiwolf.tcp.Packets packets;
}
