package maw.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.bench.Tmux;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.testing.Await;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person plays a whole game from Debian's Profanity, a terminal XMPP client, in a tmux pane: the test types what a
 * person would (a chat with the GameMaster, the invitations accepted, lines in the group chats, votes) and reads the
 * answers back from the screen, window by window.
 */
class ProfanityGameTest {

    private static final GameOptions FAST = GameOptions.defaults()
            .withTimers(Duration.ofSeconds(40), Duration.ofSeconds(40)).withEndWhenAllVoted(true);
    /** Seed 13 deals Ann (second among Alice, Ann, Bob, Carol, Dave, Eve) a werewolf, with Bob; she dies on day 2. */
    private static final long SEED = 13;
    private static final Pattern PASSWORD = Pattern.compile("password ([0-9a-f]{24})");
    private static final Pattern INVITE = Pattern.compile("Use '/join (\\S+@conference\\.\\S+)' to accept");
    private static final Pattern TURN = Pattern.compile("Your turn \\(\\d+ s left\\): ([^\\n]*)");
    private static final Pattern VOTE = Pattern.compile("vote NAME \\(([^)]*)\\)");

    @TempDir
    Path dir;

    @Test
    void aWerewolfPlaysAWholeGameFromProfanity() throws Exception {
        assumeTrue(Tmux.works(), "tmux is not installed (./maw test installs it as root)");
        assumeTrue(Tmux.runs("profanity", "--version"), "Debian's profanity is not installed (./maw test installs it "
                + "as root)");
        TestXmpp xmpp = TestXmpp.get();
        String prefix = "prof" + TestXmpp.password("prof").substring(3, 7) + "-";
        GameTable table = new GameTable(MawTables.bots(prefix, 5, 1, SEED, FAST, null)
                .withOpenSeats(1, Duration.ofSeconds(90), GameTable.ruleBots()), xmpp.domain());
        xmpp.server().register(table.accounts());
        Jid ann = xmpp.account("prof-ann");
        Path home = dir.resolve("home");
        Path accounts = home.resolve(".local/share/profanity/accounts");
        Files.createDirectories(accounts.getParent());
        Files.createDirectories(home.resolve(".config/profanity"));
        Files.writeString(accounts, String.join("\n", "[" + ann + "]", "enabled=true", "jid=" + ann,
                "server=127.0.0.1", "port=" + xmpp.server().port(), "resource=profanity",
                "password=" + TestXmpp.password(ann), "tls.policy=trust", ""));
        List<String> lines = new CopyOnWriteArrayList<>();
        CompletableFuture<GameTable.Result> played = CompletableFuture.supplyAsync(() -> {
            try {
                return table.play(xmpp.transport(), null, (room, game, round, phase, line) -> lines.add(room.title()
                        + "|" + phase + "|" + line.from() + "|" + line.text()), Duration.ofMinutes(4));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        table.allStarted().get(60, TimeUnit.SECONDS);
        String gm = table.gameMaster().bare().toString();
        try (Tmux profanity = new Tmux("profanity")) {
            profanity.start(300, 150, "HOME='" + home + "' XDG_CONFIG_HOME='" + home.resolve(".config")
                    + "' XDG_DATA_HOME='" + home.resolve(".local/share") + "' profanity -a " + ann);
            profanity.waitFor("[online]", Duration.ofSeconds(30));
            profanity.line("/msg " + gm + " join Ann");
            profanity.waitFor("You sit at the table as Ann", Duration.ofSeconds(30));
            Set<String> entered = new LinkedHashSet<>();
            int turnsDone = 0;
            String village = null;
            String hideout = null;
            String gmWindow = "";
            long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
            while (!gmWindow.contains("The game is over.")) {
                // The GameMaster's window: wait there for the next turn, or the end.
                profanity.line("/win " + gm);
                profanity.waitFor(" " + gm + " [", Duration.ofSeconds(10));
                int told = turnsDone;
                gmWindow = Await.value("a new turn or the end of the game", Duration.ofNanos(Math.max(0,
                        until - System.nanoTime())), Duration.ofMillis(100), () -> {
                            String screen = profanity.pane();
                            return turns(screen).size() > told || screen.contains("The game is over.") ? screen : null;
                        });
                // The invitations land in the console window: accept each, under the seat's name.
                profanity.line("/win console");
                profanity.waitFor(" Profanity. Type /help", Duration.ofSeconds(10));
                String console = profanity.pane();
                Matcher inv = INVITE.matcher(console);
                while (inv.find()) {
                    String room = inv.group(1);
                    if (entered.add(room)) {
                        // The invitation's message gives the room's password (above the room's /join line).
                        Matcher pw = PASSWORD.matcher(console.substring(0, inv.start()));
                        String password = null;
                        while (pw.find()) {
                            password = pw.group(1);
                        }
                        profanity.line("/join " + room + " nick Ann password " + password);
                        profanity.waitFor("You have joined the room as Ann", Duration.ofSeconds(20));
                        if (room.startsWith(prefix + "village")) {
                            village = room;
                        } else {
                            hideout = room;
                        }
                    }
                }
                List<String> turns = turns(gmWindow);
                for (; turnsDone < turns.size(); turnsDone++) {
                    String turn = turns.get(turnsDone);
                    String room = turn.contains("speak in the Hideout") ? hideout
                            : turn.contains("speak in the Village") ? village : null;
                    if (room != null) {
                        profanity.line("/win " + room);
                        profanity.line("Ann speaks in turn " + (turnsDone + 1) + ".");
                        profanity.waitFor("Ann: Ann speaks in turn " + (turnsDone + 1) + ".", Duration.ofSeconds(20));
                    }
                    Matcher v = VOTE.matcher(turn);
                    if (v.find()) {
                        // Typed in the GameMaster's window (in a room's window /msg would whisper to an occupant).
                        profanity.line("/win " + gm);
                        profanity.waitFor(" " + gm + " [", Duration.ofSeconds(10));
                        profanity.line("vote " + v.group(1).split(",\\s*")[0]);
                    }
                }
            }
            GameTable.Result r = played.get(60, TimeUnit.SECONDS);
            assertThat(r.rounds().get(0).roles()).containsEntry("Ann", "werewolf");
            assertThat(gmWindow).as("the GameMaster's window").contains("You are a werewolf")
                    .contains("Night 1 falls. The pack meets in the Hideout.")
                    .contains("You were executed by the village").containsPattern("Done: vote \\w+")
                    .contains("Leaderboard after round 1").contains("The game is over.");
            assertThat(lines).anyMatch(l -> l.startsWith("Village|day ") && l.contains("|Ann|Ann speaks in turn"));
            assertThat(lines).anyMatch(l -> l.startsWith("Hideout|night 1|Ann|Ann speaks in turn"));
            assertThat(entered).hasSize(2);
        }
    }

    /** The turns the GameMaster's window shows, in order. */
    private static List<String> turns(String screen) {
        List<String> turns = new ArrayList<>();
        Matcher t = TURN.matcher(screen);
        while (t.find()) {
            turns.add(t.group(1));
        }
        return turns;
    }
}
