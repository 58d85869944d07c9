package maw.aiwolf.protocol;

/** A planted violation, never used: the protocol writing to a stream (ArchitectureTest shows its rule fails). */
final class PlantedOutput {
    java.io.PrintStream out;
}
