package maw.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.agents.Text;
import maw.agents.typing.HumanCommands;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.table.GameTable;
import maw.aiwolf.protocol.Words;
import maw.app.GamePlay;
import maw.base.Act;
import maw.base.Phase;
import maw.base.SeatView;
import maw.base.Speech;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/**
 * The person's side of a seat: a terminal where what happens at the table appears above the line being typed, and
 * what is typed becomes chat, votes and questions ({@link HumanCommands}). The prompt shows the phase and the role;
 * Tab completes commands and player names. When standard input is not a terminal (lines piped in, a script), the
 * same commands are read line by line, with no prompt and no colours; at the end of the input the seat goes on
 * watching until the game is over.
 */
final class HumanTerminal implements UserInterfaceAgent.Person, GamePlay.Terminal {

    private final Terminal terminal;
    private final LineReader reader;
    private final boolean interactive;
    private volatile UserInterfaceAgent ui;
    private volatile boolean reading;

    private HumanTerminal(Terminal terminal, boolean interactive) {
        this.terminal = terminal;
        this.interactive = interactive;
        this.reader = LineReaderBuilder.builder().terminal(terminal).appName("maw")
                .completer((r, line, candidates) -> complete(line.wordIndex(), line.word(), candidates))
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.AUTO_FRESH_LINE, true)
                .build();
    }

    /** This process's terminal, or its piped standard input and output when there is no terminal. */
    static HumanTerminal system() throws IOException {
        Terminal t = TerminalBuilder.builder().system(true).dumb(true).build();
        boolean tty = !Terminal.TYPE_DUMB.equals(t.getType()) && !Terminal.TYPE_DUMB_COLOR.equals(t.getType());
        return new HumanTerminal(t, tty);
    }

    /** A terminal over plain streams (no line editing): for scripts and tests. */
    static HumanTerminal streams(InputStream in, OutputStream out) throws IOException {
        return new HumanTerminal(TerminalBuilder.builder().system(false).streams(in, out).dumb(true)
                .type(Terminal.TYPE_DUMB).build(), false);
    }

    /** The seat this terminal plays. */
    void attach(UserInterfaceAgent seat) {
        this.ui = seat;
    }

    @Override
    public UserInterfaceAgent seat(GameTable.Seat s) {
        UserInterfaceAgent seat = new UserInterfaceAgent(s.jid(), s.password(), s.name(), s.player(), this);
        attach(seat);
        return seat;
    }

    @Override
    public void show(String kind, String text) {
        String line = switch (kind) {
            case "chat" -> "  " + roomTag() + text;
            case "phase", "start" -> (interactive ? "" : "") + "== " + text;
            case "refusal" -> "! " + text;
            default -> "  " + text;
        };
        print(kind, line);
    }

    /** Prints a line of the program's own (an answer to /who, say). */
    void say(String text) {
        print("tell", text);
    }

    private synchronized void print(String kind, String raw) {
        if (("talk".equals(kind) || "vote".equals(kind)) && raw.indexOf('\n') >= 0) {
            // A talk turn's or a vote's lines: the seat wrote them as lines (one talk a line, a ballot a line) and made
            // what the players said inert in them, so each is shown as a line of its own.
            for (String part : raw.split("\n")) {
                print(kind, part);
            }
            return;
        }
        String line = Text.inert(raw);
        if (!interactive) {
            PrintWriter w = terminal.writer();
            w.println(line);
            w.flush();
            return;
        }
        AttributedStringBuilder b = new AttributedStringBuilder();
        AttributedStyle style = switch (kind) {
            case "phase", "start", "end" -> AttributedStyle.BOLD;
            case "refusal" -> AttributedStyle.DEFAULT.foreground(AttributedStyle.RED);
            case "role", "death", "divined" -> AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW);
            case "tell" -> AttributedStyle.DEFAULT.foreground(AttributedStyle.CYAN);
            default -> AttributedStyle.DEFAULT;
        };
        if ("phase".equals(kind) || "start".equals(kind)) {
            b.append("\n");
        }
        b.styled(style, line);
        if (reading) {
            if (reader instanceof LineReaderImpl impl) {
                impl.setPrompt(prompt()); // the phase or the role may have changed with this line
            }
            reader.printAbove(b.toAttributedString());
        } else {
            terminal.writer().println(b.toAnsi(terminal));
            terminal.flush();
        }
    }

    private String roomTag() {
        SeatView v = view();
        return v == null || v.room() == null ? "" : "[" + v.room() + "] ";
    }

    private SeatView view() {
        UserInterfaceAgent seat = ui;
        return seat == null ? null : seat.view();
    }

    /** "Day 2 · villager> ", "Night 1 · asleep> ", "dead> ", "lobby> ". */
    String prompt() {
        SeatView v = view();
        if (v == null || v.phase() == null || v.phase() == Phase.LOBBY || v.role() == null) {
            return "lobby> ";
        }
        if (v.phase() == Phase.OVER) {
            return "round over> ";
        }
        if (HumanCommands.isDead(v)) {
            return "dead (watching)> ";
        }
        boolean night = v.phase() == Phase.NIGHT;
        String state = night && v.room() == null ? "asleep" : v.role().wire();
        if (v.talk().inTurns()) {
            List<Act.Kind> acts = v.allowed_actions() == null ? List.of()
                    : v.allowed_actions().stream().filter(k -> k != Act.Kind.LISTEN).toList();
            state = v.role().wire() + (acts.isEmpty() ? "" : " · " + acts.stream().map(k -> k == Act.Kind.VOTE
                    && night ? "attack" : k.wire()).collect(Collectors.joining("/")));
        }
        boolean mawTurn = v.turn() != null && !v.talk().inTurns();
        if (mawTurn) {
            // MAW's game at a pace of turns: the person's own turn, with the time it has left.
            state = v.role().wire() + " · your turn" + (v.turn().voting() ? " (vote)" : "");
        } else if (v.turn() != null) {
            // The speak-anytime talk: the person's own count of lines.
            state += " · " + v.turn().talk_round() + " of " + v.turn().talk_rounds() + " said";
        }
        // An AIWolf step that awaits the person shows how long it has left (MAW's phases say it with /time).
        long end = mawTurn ? v.turn().deadline() : v.deadline();
        long left = !v.talk().inTurns() && v.turn() == null || end <= 0 || v.allowed_actions() == null
                || v.allowed_actions().stream().allMatch(k -> k == Act.Kind.LISTEN) ? -1
                : Math.max(0, (end - System.currentTimeMillis() + 999) / 1000);
        return (night ? "Night " : "Day ") + v.day() + " · " + state + (left < 0 ? "" : " · " + left + " s") + "> ";
    }

    /** The prompt the clock last showed. */
    private String clockPrompt = "";

    /** While the person types, the prompt's time left counts down (once a second). */
    private void keepThePromptCurrent() {
        Thread.ofVirtual().name("prompt-clock").start(() -> {
            while (ui != null && !ui.over().isDone()) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
                synchronized (this) {
                    if (reading && reader instanceof LineReaderImpl impl) {
                        String p = prompt();
                        if (!p.equals(clockPrompt)) {
                            clockPrompt = p;
                            impl.setPrompt(p);
                            reader.callWidget(LineReader.REDISPLAY);
                        }
                    }
                }
            }
        });
    }

    private void complete(int wordIndex, String word, List<Candidate> candidates) {
        if (wordIndex == 0 && word.startsWith("/")) {
            HumanCommands.NAMES.forEach(c -> candidates.add(new Candidate(c)));
            return;
        }
        SeatView v = view();
        List<String> names = new ArrayList<>();
        if (v != null && v.living() != null) {
            names.addAll(v.living());
        }
        if (v != null && v.dead() != null) {
            names.addAll(v.dead());
        }
        names.forEach(n -> candidates.add(new Candidate(n)));
        if (v != null && v.talk() == Speech.PROTOCOL) { // protocol words; natural talk completes names only
            // Protocol words: the sentences' verbs at the start, roles and species after a command or an agent.
            List<String> words = wordIndex == 0 ? List.of("COMINGOUT", "ESTIMATE", "DIVINED", "IDENTIFIED", "VOTE",
                    "ATTACK", "GUARD", "DIVINATION", "REQUEST", "INQUIRE", "AGREE", "DISAGREE", "BECAUSE", "NOT", "AND",
                    "OR", "XOR", "DAY", "Skip", "Over")
                    : List.of("SEER", "MEDIUM", "BODYGUARD", "VILLAGER", "WEREWOLF", "POSSESSED", "HUMAN", "ANY");
            words.forEach(w -> candidates.add(new Candidate(w)));
            if (v.agents() != null) {
                for (int i = 0; i < v.agents().size(); i++) {
                    candidates.add(new Candidate(new Words.AgentId(i + 1).toString(),
                            new Words.AgentId(i + 1) + " " + v.agents().get(i), null, null, null,
                            null, true));
                }
            }
        }
    }

    /**
     * Reads and acts until the person quits, or, once the input has ended, until the game is over. Returns true when
     * the person quit.
     */
    @Override
    public boolean run() throws InterruptedException {
        UserInterfaceAgent seat = ui;
        if (interactive) {
            say("You are at the table as " + seat.seatName() + ". " + "Type to talk; /help lists the commands.");
        }
        if (interactive) {
            keepThePromptCurrent();
            Thread.ofVirtual().name("game-over-watch").start(() -> {
                seat.over().join();
                say("Press Enter to leave.");
            });
        }
        while (!seat.over().isDone()) {
            String line;
            try {
                reading = true;
                line = reader.readLine(interactive ? prompt() : "");
            } catch (EndOfFileException e) {
                // The input has ended (a script ran out): watch the rest of the game, its turns passing.
                if (interactive) {
                    return true;
                }
                seat.away(true);
                seat.over().join();
                return false;
            } catch (UserInterruptException e) {
                say("Leaving the table (Ctrl-C).");
                return true;
            } finally {
                reading = false;
            }
            if (seat.over().isDone()) {
                return false;
            }
            HumanCommands.Command c = HumanCommands.parse(line, seat.view(), System.currentTimeMillis(),
                    maw.agents.kit.SeatKit.typing(seat.view()));
            switch (c) {
                case HumanCommands.Perform a -> seat.act(a.act());
                case HumanCommands.MoreTime m -> seat.askMoreTime();
                case HumanCommands.Tell t -> say(t.text());
                case HumanCommands.Wait w -> {
                    seat.away(!interactive); // a script that waits types nothing meanwhile: its turns pass
                    while (!HumanCommands.reached(w, seat.view(), seat.over().isDone())) {
                        Thread.sleep(50);
                    }
                    seat.away(false);
                }
                case HumanCommands.Sleep s -> Thread.sleep(s.millis());
                case HumanCommands.Quit q -> {
                    return true;
                }
                case HumanCommands.Nothing n -> { }
            }
        }
        return false;
    }

    @Override
    public void close() throws IOException {
        terminal.close();
    }
}
