package maw.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import maw.agents.WatchCatalog;
import maw.config.ConfigException;
import maw.runtime.Jid;

/**
 * The host's commands at the terminal of {@code ./maw gm}: {@code pause}, {@code step} (or {@code step step}, to the
 * next AIWolf step), {@code resume}, {@code status}, {@code help}; each asked of the GameMaster over the server as
 * {@code ./maw control} asks it. Runs while the terminal is a terminal (not under a service manager).
 */
final class HostConsole {

    private HostConsole() {}

    /** A typed line as a control: its action and unit, or null with {@code why} telling what is wrong. */
    record Command(WatchCatalog.ClockAction action, WatchCatalog.StepUnit unit, String why) {}

    static Command parse(String line) {
        String[] words = line.strip().toLowerCase(java.util.Locale.ROOT).split("\\s+");
        WatchCatalog.ClockAction action = switch (words[0]) {
            case "pause", "p" -> WatchCatalog.ClockAction.PAUSE;
            case "resume", "r", "go" -> WatchCatalog.ClockAction.RESUME;
            case "step", "s" -> WatchCatalog.ClockAction.STEP;
            case "status", "clock" -> WatchCatalog.ClockAction.STATUS;
            default -> null;
        };
        if (action == null) {
            return new Command(null, null, words[0].isEmpty() ? "" : "not a command: " + words[0] + " (pause, step, "
                    + "step step, resume, status)");
        }
        WatchCatalog.StepUnit unit = null;
        if (words.length > 1) {
            if (action != WatchCatalog.ClockAction.STEP || !words[1].matches("phase|step")) {
                return new Command(null, null, "a step runs to the next phase (step) or the next AIWolf step "
                        + "(step step); " + words[0] + " takes nothing more");
            }
            unit = words[1].equals("step") ? WatchCatalog.StepUnit.STEP : WatchCatalog.StepUnit.PHASE;
        }
        return new Command(action, action == WatchCatalog.ClockAction.STEP && unit == null
                ? WatchCatalog.StepUnit.PHASE : unit, null);
    }

    /** Reads the host's commands from the terminal on a thread of its own, while there is a terminal. */
    static void start(AgentNetwork network, Jid master, String token, PrintStream out) {
        if (System.console() == null) {
            return;
        }
        out.println("host: type pause, step (step step: the next AIWolf step), resume or status");
        Thread.ofVirtual().name("host-console").start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    Command c = parse(line);
                    if (c.action() == null) {
                        if (!c.why().isEmpty()) {
                            out.println("host: " + c.why());
                        }
                        continue;
                    }
                    try {
                        out.println("host: " + GameControl.describe(GameControl.ask(network, master, token,
                                c.action(), c.unit())));
                    } catch (ConfigException e) {
                        out.println("host: " + e.getMessage());
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            } catch (IOException e) {
                // the terminal went away: no more commands
            }
        });
    }
}
