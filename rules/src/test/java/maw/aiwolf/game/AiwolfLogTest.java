package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.aiwolf.bots.AiwolfBots;
import maw.aiwolf.log.AiwolfLog;
import maw.base.Role;
import maw.base.Team;
import org.junit.jupiter.api.Test;

/** A whole game of rule-based seats in the official AIWolf server's log format. */
class AiwolfLogTest {

    @Test
    void aGameReadsAsTheOfficialServersLog() {
        List<String> names = AiwolfBots.names(15);
        // The first game from seed 42 on in which the bodyguard lives to guard, so that every kind of line shows.
        long seed = 42;
        while (!guards(names, seed)) {
            seed++;
        }
        AiwolfLog log = new AiwolfLog(names);
        List<AiwolfEvent> all = new ArrayList<>();
        AiwolfState end = play(names, seed, all);
        AiwolfGame game = end.game();
        Team winner = AiwolfBots.winner(end);
        log.add(all);
        List<String> lines = log.lines();

        for (int i = 0; i < 15; i++) {
            assertThat(lines.get(i)).isEqualTo("0,status," + (i + 1) + "," + game.role(names.get(i)).name() + ",ALIVE,"
                    + names.get(i));
        }
        assertThat(lines).anyMatch(l -> l.matches("0,whisper,0,0,\\d+,.+"));
        assertThat(lines).anyMatch(l -> l.matches("0,divine,\\d+,\\d+,(HUMAN|WEREWOLF)"));
        assertThat(lines).anyMatch(l -> l.matches("1,talk,0,0,\\d+,.+"));
        assertThat(lines).anyMatch(l -> l.matches("1,vote,\\d+,\\d+"));
        assertThat(lines).anyMatch(l -> l.matches("1,execute,\\d+,(VILLAGER|SEER|MEDIUM|BODYGUARD|WEREWOLF|POSSESSED)"));
        assertThat(lines).anyMatch(l -> l.matches("1,guard,\\d+,\\d+,[A-Z]+"));
        assertThat(lines).anyMatch(l -> l.matches("1,attackVote,\\d+,\\d+"));
        assertThat(lines).anyMatch(l -> l.matches("1,attack,(\\d+,(true|false)|-1,false)"));
        // Each day's talk is numbered from 0, in the order it was delivered.
        for (int day = 1; day <= game.day(); day++) {
            String prefix = day + ",talk,";
            List<Integer> idx = lines.stream().filter(l -> l.startsWith(prefix))
                    .map(l -> Integer.parseInt(l.split(",")[2])).toList();
            for (int i = 0; i < idx.size(); i++) {
                assertThat(idx.get(i)).isEqualTo(i);
            }
        }
        String result = lines.getLast();
        assertThat(result).matches(game.day() + ",result,\\d+,\\d+,"
                + (winner == Team.VILLAGERS ? "VILLAGER" : "WEREWOLF"));
        String[] r = result.split(",");
        long wolves = game.living().stream().filter(p -> game.role(p) == Role.WEREWOLF).count();
        assertThat(Long.parseLong(r[3])).isEqualTo(wolves);
        assertThat(Long.parseLong(r[2])).isEqualTo(game.living().size() - wolves);
        // The final status block lists the dead as DEAD.
        List<String> last = lines.subList(lines.size() - 16, lines.size() - 1);
        assertThat(last).allMatch(l -> l.startsWith(game.day() + ",status,"));
        assertThat(last.stream().filter(l -> l.contains(",ALIVE,"))).hasSize(game.living().size());
    }

    private static AiwolfState play(List<String> names, long seed, List<AiwolfEvent> all) {
        return AiwolfBots.play(new AiwolfOptions(AiwolfSettings.defaults(Composition.regulation15()),
                Duration.ofSeconds(1)), seed, names, (p, role) -> AiwolfBots.rules(p, names, names.indexOf(p)),
                all::add);
    }

    private static boolean guards(List<String> names, long seed) {
        List<AiwolfEvent> all = new ArrayList<>();
        play(names, seed, all);
        return all.stream().anyMatch(e -> e instanceof AiwolfEvent.Guarded g && g.day() == 1);
    }
}
