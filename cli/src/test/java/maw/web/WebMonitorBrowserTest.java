package maw.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import maw.agents.gamemaster.GameListener;
import maw.agents.maw.MawTables;
import maw.agents.table.GameTable;
import maw.game.maw.GameOptions;
import maw.runtime.Jid;
import maw.runtime.local.LocalTransport;
import maw.testing.Browser;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The monitor's page in a real browser (Debian's headless Chromium): a live game's seats appear, a vote shows within a
 * second of being cast, the public view shows no roles, and the god view needs its token. Screenshots of the table go
 * to target/screenshots.
 */
class WebMonitorBrowserTest {

    @Test
    void aLiveGameInTheBrowser() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "no /usr/bin/chromium and /usr/bin/chromedriver (./maw test "
                + "installs them as root on Debian)");
        GameOptions slow = GameOptions.defaults().withTimers(Duration.ofSeconds(3), Duration.ofSeconds(2))
                .withEndWhenAllVoted(false).withDayCap(3);
        // Five bots and a seat left open for a few seconds: the page is up before the first day. The bots play at
        // random: a table that reads itself may end the game before the page has looked at it.
        GameTable.SeatFiller random = GameTable.ruleBots(maw.agents.bot.RuleBotAgent.Style.RANDOM,
                maw.agents.bot.RuleBotAgent.Style.RANDOM);
        java.util.List<GameTable.SeatFiller> bots = java.util.Collections.nCopies(5, random);
        GameTable table = new GameTable(MawTables.spec("", GameTable.defaultNames(5), bots, 1, 12, slow, null)
                .withOpenSeats(1, Duration.ofSeconds(4), random), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("web", "pw");
        // When each day vote reached the GameMaster.
        java.util.List<Long> dayVotes = new java.util.concurrent.CopyOnWriteArrayList<>();
        maw.agents.gamemaster.GameListener votes = new maw.agents.gamemaster.GameListener() {
            @Override
            public void command(int round, maw.game.Command c) {
                if (c instanceof maw.game.Command.Perform p && p.act() instanceof maw.base.Act.Vote
                        && p.phase() != null && p.phase().phase() == maw.base.Phase.DAY) {
                    dayVotes.add(System.nanoTime());
                }
            }
        };
        var game = WebMonitorTest.playing(table, local, votes, Duration.ofMinutes(2));
        table.allStarted().get(10, TimeUnit.SECONDS);
        WebMonitor monitor = new WebMonitor(Jid.of("web", "localhost"), "pw", table.gameMaster(),
                table.watchToken(), "127.0.0.1", 0).agents(table::agents);
        monitor.start(local);
        try (Browser browser = new Browser()) {
            maw.testing.Await.until("the GameMaster lets the monitor watch", monitor::watching);
            String url = "http://127.0.0.1:" + monitor.port() + "/";
            browser.open(url);
            String page = browser.waitForText(t -> t.contains("Alice") && t.contains("Frank") && t.contains("day"),
                    Duration.ofSeconds(10), "the six seats and the day");
            assertThat(page).contains("public view");
            // The next day vote reaches the page as it is cast (the public view shows day votes only; how soon is
            // ./maw bench game's page figure).
            int shown;
            int before;
            do {
                shown = votesShown(browser.text());
                before = dayVotes.size();
            } while (votesShown(browser.text()) != shown);
            int cast0 = before;
            int shown0 = shown;
            maw.testing.Await.until("a day vote is cast", () -> dayVotes.size() > cast0);
            browser.waitForText(t -> votesShown(t) > shown0, Duration.ofSeconds(10), "the next vote");
            Object roles = browser.script("return [...document.querySelectorAll('#seats tbody tr')]"
                    + ".map(r => r.children[1].textContent).join('');");
            assertThat(roles.toString()).isIn("\"\"", "");
            browser.screenshot(Path.of("target", "screenshots", "monitor-public.png"));

            browser.open(url + "?token=wrong");
            browser.waitForText(t -> t.contains("needs the GameMaster's watch token"), Duration.ofSeconds(10),
                    "the refusal of a wrong token");
            browser.open(url + "?token=" + table.watchToken());
            String god = browser.waitForText(t -> t.contains("god view") && t.contains("werewolf"),
                    Duration.ofSeconds(10), "the roles in the god view");
            assertThat(god).contains("villager");
            browser.screenshot(Path.of("target", "screenshots", "monitor-god.png"));
            // Inside an agent: the GameMaster's state machine with its current state highlighted.
            browser.waitForText(t -> t.contains("Agents of the game"), Duration.ofSeconds(10), "the agents");
            browser.script("[...document.querySelectorAll('#agentList a')].find(a => a.textContent === 'gamemaster')"
                    + ".click(); return true;");
            browser.waitForText(t -> t.contains("state machine GameMasterBehaviour, now in"), Duration.ofSeconds(10),
                    "the GameMaster's state machine");
            assertThat(browser.script("return document.querySelectorAll('#fsm rect.current').length;").asInt())
                    .isEqualTo(1);
            browser.script("document.getElementById('inside').scrollIntoView(); return true;");
            browser.screenshot(Path.of("target", "screenshots", "monitor-agent.png"));
            // The messages between agents as a sequence chart.
            browser.script("document.getElementById('sniff').click(); return true;");
            maw.testing.Await.until("the sequence chart", () -> {
                try {
                    return browser.script("return document.querySelectorAll('#sniffer line').length;").asInt() > 10;
                } catch (Exception e) {
                    return false;
                }
            });
            game.get(2, TimeUnit.MINUTES);
            browser.waitForText(t -> t.contains(" win"), Duration.ofSeconds(10), "the winner");
            // The god view tells every message in words: no wire name (kill, role_revealed, ...) stands for one.
            String lines = browser.script("return [...document.querySelectorAll('#log > div')]"
                    + ".map(d => d.textContent).join('\\n');").asText();
            assertThat(lines.lines().filter(l -> l.matches("[a-z_]+( \\(to .*\\))?") || l.contains("role_revealed")))
                    .as(lines).isEmpty();
            if (lines.contains("the village executes ")) {
                assertThat(lines).contains("is told: executed by the village");
            }
            if (lines.contains("the pack kills ")) {
                assertThat(lines).contains("is told: killed in the night");
            }
        } finally {
            monitor.stop();
        }
    }

    /**
     * A finished game's replay in the browser opens at its first message with the table as it was then, and steps on
     * from there to the winner.
     */
    @Test
    void aReplayOpensAtItsFirstMessage(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Browser.available(), "no /usr/bin/chromium and /usr/bin/chromedriver (./maw test "
                + "installs them as root on Debian)");
        WebMonitorTest.journaledGame(dir);
        java.util.List<maw.agents.WatchCatalog.Watched> messages = Replay.messages(dir.resolve("game.jsonl"));
        int n = messages.size();
        try (MonitorPage page = new MonitorPage("t0k3n", "127.0.0.1", 0, true); Browser browser = new Browser()) {
            messages.forEach(page::add);
            browser.open("http://127.0.0.1:" + page.port() + "/?token=t0k3n"); // the god view: every message
            browser.waitForText(t -> t.contains("1 / " + n + " messages"), Duration.ofSeconds(10), "the first step");
            browser.waitForText(t -> logLines(browser) == 1, Duration.ofSeconds(10), "the first message");
            assertThat(browser.script("return document.getElementById('log').textContent;").asText())
                    .startsWith("== Round 1: ");
            assertThat(browser.script("return document.getElementById('status').textContent;").asText())
                    .contains("lobby").doesNotContain("over");
            assertThat(browser.text()).doesNotContain(" win.");
            browser.script("document.getElementById('forward').click(); document.getElementById('forward').click();"
                    + " return true;");
            browser.waitForText(t -> t.contains("3 / " + n + " messages") && logLines(browser) == 3,
                    Duration.ofSeconds(10), "two steps on");
            browser.script("const at = document.getElementById('at'); at.value = at.max;"
                    + " at.dispatchEvent(new Event('input')); return true;");
            browser.waitForText(t -> t.contains(" win."), Duration.ofSeconds(10), "the winner at the last step");
            assertThat(browser.script("return document.getElementById('status').textContent;").asText())
                    .contains("over").doesNotContainPattern("over \\d");
        }
    }

    private static int logLines(Browser browser) {
        try {
            return browser.script("return document.querySelectorAll('#log > div').length;").asInt();
        } catch (Exception e) {
            return -1;
        }
    }

    /**
     * The lab in the browser: the host pauses a game from the god view (its first day begins with the clock stopped),
     * breaks a Player at its next message and steps it, steps the game to the next phase, lets the Player go and
     * resumes the game to its end.
     */
    @Test
    void theHostPausesStepsAndResumesAGameAndBreaksAnAgentFromThePage() throws Exception {
        Assumptions.assumeTrue(Browser.available(), "no /usr/bin/chromium and /usr/bin/chromedriver (./maw test "
                + "installs them as root on Debian)");
        GameOptions quick = GameOptions.defaults().withTimers(Duration.ofSeconds(8), Duration.ofSeconds(8))
                .withEndWhenAllVoted(true).withDayCap(3);
        GameTable.SeatFiller bot = GameTable.ruleBots(maw.agents.bot.RuleBotAgent.Style.RANDOM,
                maw.agents.bot.RuleBotAgent.Style.RANDOM);
        // A seat left open for a while keeps the table in its lobby until the page has paused it.
        GameTable table = new GameTable(MawTables.spec("", GameTable.defaultNames(5),
                java.util.Collections.nCopies(5, bot), 1, 21, quick, null)
                .withOpenSeats(1, Duration.ofSeconds(10), bot), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        local.register("web", "pw");
        try (Browser browser = new Browser()) {
            var game = WebMonitorTest.playing(table, local, null, Duration.ofMinutes(3));
            WebMonitor monitor = WebMonitorTest.monitor(table, local);
            try {
                browser.open("http://127.0.0.1:" + monitor.port() + "/?token=" + table.watchToken());
                browser.waitForText(t -> t.contains("pause") && t.contains("running"), Duration.ofSeconds(10),
                        "the host's buttons");
                browser.script("document.getElementById('pause').click(); return true;");
                browser.waitForText(t -> t.contains("paused (the clock stands"), Duration.ofSeconds(10), "the pause");
                // The open seat is filled by a bot; the first day begins paused, its whole time left.
                String day = browser.waitForText(t -> t.contains("· day 1") && t.contains("paused (the clock stands")
                        && t.contains(" s left"), Duration.ofSeconds(20), "day 1, paused, with its time left");
                assertThat(day).contains("· 8 s left");
                browser.screenshot(Path.of("target", "screenshots", "monitor-paused.png"));
                String player = browser.script("return [...document.querySelectorAll('#agentList tbody tr')]"
                        + ".find(r => r.children[1].textContent === 'PlayerAgent').dataset.agent;").asText();
                click(browser, player, "break");
                browser.waitForText(t -> breaks(browser, player).startsWith("break"), Duration.ofSeconds(10),
                        "the Player breaking");
                browser.script("document.getElementById('stepPhase').click(); return true;");
                browser.waitForText(t -> breaks(browser, player).contains("held in"), Duration.ofSeconds(20),
                        "the Player held at a message in");
                click(browser, player, "step");
                browser.waitForText(t -> breaks(browser, player).contains("1 passed"), Duration.ofSeconds(10),
                        "one message let through");
                browser.script("document.querySelector('#agentList tr[data-agent=\"" + player + "\"]')"
                        + ".scrollIntoView({block: 'center'}); return true;");
                browser.screenshot(Path.of("target", "screenshots", "monitor-break.png"));
                click(browser, player, "go");
                browser.waitForText(t -> breaks(browser, player).startsWith("go"),
                        Duration.ofSeconds(10), "the Player going on");
                browser.waitForText(t -> t.contains("· night 1") && t.contains("paused (the clock stands"),
                        Duration.ofSeconds(30), "the step stopping at night 1");
                browser.script("document.getElementById('resume').click(); return true;");
                game.get(2, TimeUnit.MINUTES);
                browser.waitForText(t -> t.contains(" win"), Duration.ofSeconds(10), "the winner");
            } finally {
                monitor.stop();
            }
        }
    }

    private static void click(Browser browser, String agent, String action) throws Exception {
        browser.script("document.querySelector('#agentList button[data-agent=\"" + agent + "\"][data-action=\""
                + action + "\"]').click(); return true;");
    }

    /** What an agent's row in the god view's list says of its breakpoints. */
    private static String breaks(Browser browser, String agent) {
        try {
            return browser.script("const r = [...document.querySelectorAll('#agentList tbody tr')]"
                    + ".find(r => r.dataset.agent === '" + agent + "'); return r ? r.children[8].textContent : '';")
                    .asText();
        } catch (Exception e) {
            return "";
        }
    }

    private static int votesShown(String pageText) {
        return pageText.split(" votes for ", -1).length - 1;
    }
}
