package maw.config;

/** A planted violation, never used: the settings reaching into the command line (ArchitectureTest shows it fails). */
final class PlantedReachBack {
    maw.cli.Main main;
}
