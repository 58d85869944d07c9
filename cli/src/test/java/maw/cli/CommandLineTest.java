package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The command line's answers to a person: its help, and clear refusals of bad options and values. */
class CommandLineTest {

    @RegisterExtension
    final Console console = new Console();

    private String out() {
        return console.out();
    }

    private String err() {
        return console.err();
    }

    @Test
    void helpListsTheCommands() {
        assertThat(Main.execute("--help")).isZero();
        assertThat(out()).contains("xmpp").contains("bench").contains("config");
    }

    @Test
    void aMistypedOptionIsRefusedByName() {
        assertThat(Main.execute("bench", "transport", "--rounds", "many")).isEqualTo(2);
        assertThat(err()).contains("--rounds").contains("many");
        assertThat(Main.execute("bench", "transport", "--roundz", "5")).isEqualTo(2);
        assertThat(err()).contains("--roundz").contains("did you mean:");
        assertThat(Main.execute("gam", "--humans", "1")).isEqualTo(2);
        assertThat(err()).contains("did you mean:").containsPattern("did you mean:.*\\bgame\\b");
    }

    @Test
    void aBadSettingStopsStartUpNamingIt() {
        assertThat(Main.execute("config", "--set", "xmpp.port=99999")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '99999' for xmpp.port (from --set xmpp.port)");
        assertThat(Main.execute("config", "--set", "xmpp.nonsense=1")).isEqualTo(2);
        assertThat(err()).contains("unknown setting 'xmpp.nonsense'");
    }

    @Test
    void mcpsBadOptionsStopItBeforeAnythingListensOrConnects() {
        assertThat(Main.execute("mcp", "--transport", "tcp")).isEqualTo(2);
        assertThat(err()).contains("invalid value 'tcp' for --transport: expected stdio or http");
        assertThat(Main.execute("mcp", "--transport", "http", "--bind", "0.0.0.0")).isEqualTo(2);
        assertThat(err()).contains("invalid value '0.0.0.0' for --bind").contains("--token-file");
        assertThat(Main.execute("mcp", "--transport", "http", "--http-port", "70000")).isEqualTo(2);
        assertThat(err()).contains("invalid value '70000' for --http-port");
        assertThat(Main.execute("mcp", "--transport", "http", "--seats", "0")).isEqualTo(2);
        assertThat(err()).contains("invalid value '0' for --seats");
        assertThat(Main.execute("mcp", "--transport", "http", "--name", "Zed")).isEqualTo(2);
        assertThat(err()).contains("--name seats a stdio session");
        assertThat(Main.execute("mcp", "--transport", "http", "--token-file", "/nonexistent/tokens")).isEqualTo(2);
        assertThat(err()).contains("invalid value '/nonexistent/tokens' for --token-file");
    }

    @Test
    void configShowsEachValueAndItsSource() {
        assertThat(Main.execute("config", "--set", "xmpp.domain=example.org")).isZero();
        assertThat(out()).containsPattern("xmpp\\.domain\\s+= example\\.org\\s+\\(--set xmpp\\.domain;");
        assertThat(out()).containsPattern("xmpp\\.port\\s+= 15222\\s+\\(default;");
    }

    @Test
    void everyCommandTakesHelpAndItsPageFormatsCleanly() {
        java.util.List<picocli.CommandLine> all = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> todo = new java.util.ArrayDeque<>();
        todo.add(Main.fullCommandLine());
        while (!todo.isEmpty()) {
            picocli.CommandLine c = todo.poll();
            all.add(c);
            todo.addAll(c.getSubcommands().values());
        }
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (picocli.CommandLine c : all) {
            String name = c.getCommandSpec().qualifiedName();
            if (name.endsWith(" help") || !seen.add(name)) {
                continue;
            }
            String[] words = name.split(" ");
            String[] args = java.util.Arrays.copyOf(java.util.Arrays.copyOfRange(words, 1, words.length),
                    words.length);
            args[words.length - 1] = "--help";
            assertThat(Main.execute(args)).as(name + " --help: " + err()).isZero();
        }
        assertThat(seen).contains("maw aiwolf check", "maw bench aiwolf", "maw tournament");
        assertThat(out()).contains("Usage: maw aiwolf check");
        assertThat(err()).as("picocli's warnings about the pages").doesNotContain("picocli WARN");
    }

    @Test
    void aLongCommandsOptionsComeInGroupsAndTheirDescriptionsWrapBetweenWords() {
        assertThat(Main.execute("game", "--help")).isZero();
        String page = out();
        int table = page.indexOf(HelpGroups.TABLE + ":");
        int seats = page.indexOf(HelpGroups.SEATS + ":");
        int models = page.indexOf(HelpGroups.MODELS + ":");
        int output = page.indexOf(HelpGroups.OUTPUT + ":");
        int advanced = page.indexOf(HelpGroups.ADVANCED + ":");
        assertThat(java.util.List.of(table, seats, models, output, advanced)).as(page).doesNotContain(-1).isSorted();
        assertThat(page.indexOf("  --full-phases", table)).isBetween(table, seats);
        assertThat(page.indexOf("  --humans", table)).isBetween(seats, models);
        assertThat(page.indexOf("  --base-url", table)).isBetween(models, output);
        assertThat(page.indexOf("  --json", table)).isBetween(output, advanced);
        assertThat(page.indexOf("  --fork=", table)).isGreaterThan(advanced);
        // A description goes on where its line ends: only its first line starts at the description's column, right
        // after its option (each piece starting a line of its own gave "the / same / table").
        java.util.List<String> lines = page.substring(table).lines().toList();
        int column = lines.stream().filter(l -> l.startsWith("  ") && !l.strip().startsWith("-") && !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElseThrow();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.length() - line.stripLeading().length() == column && !line.isBlank()) {
                assertThat(lines.get(i - 1).strip()).as("the line before '%s'", line).startsWith("-");
            }
        }
        assertThat(Main.execute("xmpp", "--help")).isZero();
        assertThat(out().substring(page.length())).as("a short command's few options are not grouped")
                .doesNotContain(HelpGroups.ADVANCED + ":");
    }

    @Test
    void aValueThatIsNotANumberIsOneLineNamingTheOption() {
        assertThat(Main.execute("game", "--players", "abc")).isEqualTo(2);
        assertThat(Main.execute("bench", "game", "--seed", "abc")).isEqualTo(2);
        assertThat(Main.execute("tournament", "--games", "abc")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value 'abc' for --players: a whole number")
                .contains("maw: invalid value 'abc' for --seed: a whole number")
                .contains("maw: invalid value 'abc' for --games: a whole number").doesNotContain("Usage:");
        assertThat(err().lines().count()).as(err()).isEqualTo(6);
    }

    @Test
    void aPaceARoundCountOrASlotCountOutOfRangeStopsStartUpNamingTheSetting() {
        assertThat(Main.execute("bench", "person", "--games", "0")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '0' for --games: expected 1 to 10000");
        assertThat(Main.execute("bench", "person", "--reads", "-1")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '-1.0' for --reads: expected 0 to 600 seconds");
        assertThat(Main.execute("game", "--transport", "local", "--pace", "fast")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value 'fast' for --pace: expected clock, turns or auto");
        assertThat(Main.execute("game", "--transport", "local", "--set", "game.pace=slow")).isEqualTo(2);
        assertThat(err()).contains("invalid value 'slow' for game.pace (from --set game.pace)");
        assertThat(Main.execute("game", "--transport", "local", "--pace", "turns", "--talk-rounds", "40"))
                .isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '40' for --talk-rounds: expected 0 to 20");
        assertThat(Main.execute("game", "--transport", "local", "--set", "game.talk-rounds=-1")).isEqualTo(2);
        assertThat(err()).contains("invalid value '-1' for game.talk-rounds");
        assertThat(Main.execute("game", "--transport", "local", "--pace", "turns", "--turn-seconds", "0"))
                .isEqualTo(2);
        assertThat(err()).contains("invalid value '0.0' for --turn-seconds: expected more than 0");
        assertThat(Main.execute("game", "--transport", "local", "--set", "llm.slots=0")).isEqualTo(2);
        assertThat(err()).contains("invalid value '0' for llm.slots (from --set llm.slots): expected auto or a whole "
                + "number from 1 to 256");
        assertThat(Main.execute("game", "--transport", "local", "--rules", "aiwolf", "--pace", "turns"))
                .isEqualTo(2);
        assertThat(err()).contains("--pace is an option of --rules maw, not of --rules aiwolf: the regulation deals the "
                + "roles, settles ties and takes every phase in turns");
    }

    @Test
    void seatsForChatClientsAreCheckedBeforeAnythingStarts() {
        assertThat(Main.execute("game", "--chat-seats", "-1")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '-1' for --chat-seats: expected 0 to 59");
        assertThat(Main.execute("game", "--transport", "local", "--chat-seats", "2")).isEqualTo(2);
        assertThat(err()).contains("--chat-seats needs the xmpp transport");
    }

    @Test
    void aControlThatIsNoneIsNamedBeforeAnythingStarts() {
        assertThat(Main.execute("control", "pause", "--gm", "gamemaster@localhost", "--token", "t")).isEqualTo(2);
        assertThat(err()).contains("maw: --token: a token on the command line is readable by every user of the "
                + "machine (ps); give it with --token-file FILE");
        assertThat(Main.execute("web", "--gm", "gamemaster@localhost", "--token", "t")).isEqualTo(2);
        assertThat(err()).contains("maw: --token: a token on the command line");
        assertThat(Main.execute("control", "halt", "--gm", "gamemaster@localhost")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value 'halt' for ACTION: pause, step, resume or status");
        assertThat(Main.execute("control", "step", "--unit", "day", "--gm", "gamemaster@localhost")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value 'day' for --unit: phase or step");
        assertThat(Main.execute("control", "pause", "--gm", "@localhost")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '@localhost' for --gm");
        assertThat(Main.execute("control", "pause", "--gm", "gamemaster@localhost", "--token-file",
                "/nonexistent/watch.token")).isEqualTo(2);
        assertThat(err()).contains("maw: invalid value '/nonexistent/watch.token' for --token-file");
    }
}
