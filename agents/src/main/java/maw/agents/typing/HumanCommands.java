package maw.agents.typing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;

/**
 * What a person types at the table, read into a command. Plain text is chat; commands start with a slash:
 * {@code /vote NAME}, {@code /divine NAME} (the seer), {@code /whisper NAME TEXT}, {@code /who}, {@code /role},
 * {@code /time}, {@code /more} (more time to read, once a day), {@code /help},
 * {@code /quit}; for scripts, {@code /wait day 2} (or {@code night}, {@code night 3}, {@code end}) holds the next
 * line back until then, and {@code /sleep 2.5} for a while. Names may be shortened to any unambiguous beginning, in
 * any case.
 */
public final class HumanCommands {

    /** The commands, for completion and help. */
    public static final List<String> NAMES = List.of("/vote", "/divine", "/whisper", "/who", "/role", "/time", "/help",
            "/quit", "/wait", "/sleep", "/say", "/pass", "/more", "/co", "/divined", "/identified", "/estimate", "/attack",
            "/guard", "/skip", "/over");

    /** A line, read. */
    public sealed interface Command {}

    /** An action for the seat (chat, a vote, a question, a whisper), in the seats' one vocabulary. */
    public record Perform(Act act) implements Command {}

    /** Something to tell the person, with no message sent: an answer to /who, /help, or what was wrong. */
    public record Tell(String text) implements Command {}

    /** Hold the next line until this phase (day, night, end) and, if given, this day's number. */
    public record Wait(String phase, Integer day) implements Command {}

    /** Hold the next line this long. */
    public record Sleep(long millis) implements Command {}

    /** Leave. */
    public record Quit() implements Command {}

    /** Ask for more time to read and answer (a person, once a day, by day): the day ends later for everyone. */
    public record MoreTime() implements Command {}

    /** Nothing (an empty line). */
    public record Nothing() implements Command {}

    private HumanCommands() {}

    /**
     * Reads {@code line} against the seat's view (null before the game has told anything), with the rule set's own
     * {@code typing} where its talk is not free text (null: the usual commands alone).
     */
    public static Command parse(String line, SeatView v, long nowMillis, Typing typing) {
        String text = line == null ? "" : line.strip();
        if (text.isEmpty()) {
            return new Nothing();
        }
        Typing own = v != null && v.talk().inTurns() ? typing : null;
        if (!text.startsWith("/")) {
            return own != null ? own.line(text, v) : new Perform(new Act.Speak(text));
        }
        String[] parts = text.split("\\s+", 2);
        String word = parts[0].toLowerCase(Locale.ROOT);
        String arg = parts.length > 1 ? parts[1].strip() : "";
        if (own != null) {
            Command c = own.command(word, arg, v);
            if (c != null) {
                return c;
            }
        }
        return switch (word) {
            case "/say", "/s" -> arg.isEmpty() ? new Tell("Say what? /say TEXT") : new Perform(new Act.Speak(arg));
            case "/pass", "/p" -> v != null && v.turn() != null ? new Perform(new Act.Pass())
                    : new Tell("There is no turn of yours to pass: /pass ends your turn when players take turns.");
            case "/vote", "/v" -> target(arg, v, "vote", t -> new Perform(new Act.Vote(t)));
            case "/divine", "/d" -> target(arg, v, "divine", t -> new Perform(new Act.Divine(t)));
            case "/whisper", "/wh" -> whisper(arg, v);
            case "/who", "/w" -> new Tell(who(v));
            case "/role", "/r" -> new Tell(role(v));
            case "/time", "/t" -> new Tell(time(v, nowMillis));
            case "/more", "/m" -> v == null || v.phase() != Phase.DAY
                    ? new Tell("More time is asked by day (once a day): /more") : new MoreTime();
            case "/help", "/h", "/?" -> new Tell(own != null ? own.help() : help());
            case "/quit", "/q", "/exit" -> new Quit();
            case "/wait" -> waitFor(arg);
            case "/sleep" -> sleep(arg);
            default -> new Tell("Unknown command " + parts[0] + ". " + help());
        };
    }

    /** What a command does with the player it names. */
    public interface Target {
        Command of(String name);
    }

    /** A command that names a player ({@code arg}) for the act {@code what}: asks whom when none is named. */
    public static Command target(String arg, SeatView v, String what, Target make) {
        if (arg.isEmpty()) {
            return new Tell("Whom? /" + what + " NAME" + (v == null || v.valid_targets() == null
                    || v.valid_targets().isEmpty() ? "" : " (" + String.join(", ", v.valid_targets()) + ")"));
        }
        List<String> names = new ArrayList<>();
        if (v != null && v.living() != null) {
            names.addAll(v.living());
        }
        if (v != null && v.dead() != null) {
            names.addAll(v.dead());
        }
        for (String n : names) {
            if (n.equalsIgnoreCase(arg)) {
                return make.of(n);
            }
        }
        List<String> matches = names.stream()
                .filter(n -> n.toLowerCase(Locale.ROOT).startsWith(arg.toLowerCase(Locale.ROOT))).toList();
        if (matches.size() == 1) {
            return make.of(matches.get(0));
        }
        if (matches.size() > 1) {
            return new Tell("Which one: " + String.join(", ", matches) + "?");
        }
        // Not a name this seat knows: let the GameMaster answer (it names the players who are).
        return make.of(arg);
    }

    /** {@code /whisper NAME TEXT}: the name is the longest beginning of the text that names a player. */
    private static Command whisper(String arg, SeatView v) {
        String[] words = arg.split("\\s+");
        if (arg.isEmpty() || words.length < 2) {
            return new Tell("Whisper what to whom? /whisper NAME TEXT");
        }
        // Names may have spaces: try the longest run of words first.
        for (int n = words.length - 1; n >= 1; n--) {
            String name = String.join(" ", Arrays.copyOfRange(words, 0, n));
            String text = String.join(" ", Arrays.copyOfRange(words, n, words.length));
            Command c = target(name, v, "whisper", t -> new Perform(new Act.Whisper(t, text)));
            if (c instanceof Perform a && known(v, ((Act.Whisper) a.act()).target())) {
                return c;
            }
        }
        return target(words[0], v, "whisper", t -> new Perform(new Act.Whisper(t,
                String.join(" ", Arrays.copyOfRange(words, 1, words.length)))));
    }

    private static boolean known(SeatView v, String name) {
        return v != null && ((v.living() != null && v.living().contains(name))
                || (v.dead() != null && v.dead().contains(name)));
    }

    static String who(SeatView v) {
        if (v == null || v.living() == null || v.living().isEmpty()) {
            return "The game has not started yet.";
        }
        String dead = v.dead() == null || v.dead().isEmpty() ? "nobody" : String.join(", ", v.dead());
        return "Living: " + String.join(", ", v.living()) + ". Dead: " + dead + ".";
    }

    static String role(SeatView v) {
        if (v == null || v.role() == null) {
            return "Roles have not been dealt yet.";
        }
        String you = "You are " + v.you() + ", a " + v.role()
                + (isDead(v) ? " (dead: you watch, but no longer speak or vote)" : "") + ".";
        if (v.partners() != null && !v.partners().isEmpty()) {
            you += " Your fellow werewolves: " + String.join(", ", v.partners()) + ".";
        }
        return you;
    }

    static String time(SeatView v, long nowMillis) {
        if (v == null || v.phase() == null || v.phase() == Phase.LOBBY) {
            return "The game has not started yet: waiting for players.";
        }
        if (v.phase() == Phase.OVER) {
            return "The round is over.";
        }
        String phase = (v.phase() == Phase.DAY ? "Day " : "Night ") + v.day();
        if (v.deadline() <= 0) {
            return phase + ".";
        }
        long left = Math.max(0, (v.deadline() - nowMillis + 999) / 1000);
        return phase + ": " + left + " s left.";
    }

    /** Whether the view says the seat is dead. */
    public static boolean isDead(SeatView v) {
        return v != null && v.you() != null && v.dead() != null && v.dead().contains(v.you());
    }

    static String help() {
        return "Type to talk. /vote NAME votes (by day; at night as a werewolf), /divine NAME asks a role (seer), "
                + "/whisper NAME TEXT tells one living player only (by day), /who lists the living and the dead, /role tells your role, /time the phase and the time left, "
                + "/more asks for more time to read (once a day), "
                + "/pass ends your turn when players take turns (one act a turn: a line, a vote, a whisper), "
                + "/quit leaves. Names may be shortened; Tab completes them.";
    }

    private static Command waitFor(String arg) {
        String[] p = arg.toLowerCase(Locale.ROOT).split("\\s+");
        String phase = p[0];
        if (!List.of("day", "night", "end").contains(phase)) {
            return new Tell("Wait for what? /wait day [N], /wait night [N] or /wait end");
        }
        Integer day = null;
        if (p.length > 1) {
            try {
                day = Integer.parseInt(p[1]);
            } catch (NumberFormatException e) {
                return new Tell("Wait for which day? /wait " + phase + " N");
            }
        }
        return new Wait(phase, day);
    }

    private static Command sleep(String arg) {
        try {
            double s = Double.parseDouble(arg);
            if (s >= 0 && s <= 3600) {
                return new Sleep(Math.round(s * 1000));
            }
        } catch (NumberFormatException e) {
            // below
        }
        return new Tell("Sleep how long? /sleep SECONDS");
    }

    /** Whether the seat has reached the phase a {@link Wait} waits for. */
    public static boolean reached(Wait w, SeatView v, boolean over) {
        if (over) {
            return true;
        }
        if ("end".equals(w.phase()) || v == null || v.phase() == null) {
            return false;
        }
        if (w.day() == null) {
            return w.phase().equals(v.phase().wire());
        }
        if (v.phase() != Phase.DAY && v.phase() != Phase.NIGHT) {
            return false;
        }
        // Day N, then night N, then day N + 1: a later phase than the one waited for has reached it too.
        return 2 * v.day() + (v.phase() == Phase.NIGHT ? 1 : 0) >= 2 * w.day() + ("night".equals(w.phase()) ? 1 : 0);
    }
}
