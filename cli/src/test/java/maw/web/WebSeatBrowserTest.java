package maw.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.local.LocalTransport;
import maw.testing.Browser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A person takes an open seat from the monitor's page in a real browser, talks and votes there, to the game's end. */
class WebSeatBrowserTest {

    @Test
    void aPersonPlaysASeatFromThePageToTheEnd() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "no /usr/bin/chromium and /usr/bin/chromedriver (./maw test "
                + "installs them as root on Debian)");
        GameOptions options = GameOptions.defaults().withTimers(Duration.ofSeconds(6), Duration.ofSeconds(3))
                .withEndWhenAllVoted(true).withDayCap(3);
        GameTable table = new GameTable(MawTables.bots("", 4, 1, 21, options, null)
                .withOpenSeats(1, Duration.ofSeconds(60), GameTable.ruleBots()), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("web", "pw");
        var game = WebMonitorTest.playing(table, local, null, Duration.ofMinutes(3));
        table.allStarted().get(10, TimeUnit.SECONDS);
        WebSeats seats = new WebSeats(local, accounts -> accounts.forEach(local::register), table.gameMaster(), "t-");
        WebMonitor monitor = new WebMonitor(Jid.of("web", "localhost"), "pw", table.gameMaster(), null, "127.0.0.1",
                0).seats(seats);
        monitor.start(local);
        try (Browser browser = new Browser()) {
            maw.testing.Await.until("the GameMaster lets the monitor watch", monitor::watching);
            browser.open("http://127.0.0.1:" + monitor.port() + "/?invite=" + seats.invitation());
            browser.waitForText(t -> t.contains("A seat is open"), Duration.ofSeconds(10), "the open seat");
            browser.script("document.getElementById('seatName').value = 'Zed'; "
                    + "document.getElementById('takeSeat').click(); return true;");
            browser.waitForText(t -> t.contains("You sit at the table as Zed"), Duration.ofSeconds(10),
                    "the seat taken");
            int days = 0;
            while (!game.isDone()) {
                int before = days;
                // Each new day (or the end): say something, then vote.
                String page = browser.waitForText(t -> game.isDone() || daysBegun(t) > before, Duration.ofMinutes(2),
                        "day " + (before + 1) + " or the end");
                if (game.isDone()) {
                    break;
                }
                days = daysBegun(page);
                String hello = "Hello from the browser, day " + days + ".";
                type(browser, hello, "Zed says: \"" + hello + "\"");
                String target = page.contains("Living: Alice") || page.contains(" Alice,") ? "Alice" : "Bob";
                type(browser, "/vote " + target, null);
            }
            GameTable.Result r = game.get(10, TimeUnit.SECONDS);
            assertThat(r.totals()).containsKey("Zed");
            browser.waitForText(t -> t.contains("The game is over."), Duration.ofSeconds(10), "the end of the game");
            String page = browser.text();
            assertThat(page).contains("> Hello from the browser, day 1.").contains("> /vote ")
                    .contains("Zed says: \"Hello from the browser, day 1.\"");
            browser.screenshot(java.nio.file.Path.of("target", "screenshots", "monitor-seat.png"));
        } finally {
            monitor.stop();
        }
    }

    private static int daysBegun(String pageText) {
        return pageText.split("Day \\d+ begins", -1).length - 1;
    }

    /** Types a line in the seat's box and waits for {@code echo} (what the game makes of it) to show, if given. */
    private static void type(Browser browser, String line, String echo) throws Exception {
        browser.script("const i = document.getElementById('line'); i.value = " + quoted(line) + "; "
                + "document.getElementById('send').click(); return true;");
        browser.waitForText(t -> t.contains("> " + line) && (echo == null || t.contains(echo)),
                Duration.ofSeconds(10), "the seat's answer to " + line);
    }

    private static String quoted(String s) {
        return "'" + s.replace("\\\\", "\\\\\\\\").replace("'", "\\\\'") + "'";
    }
}
