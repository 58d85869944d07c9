package maw.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import maw.testing.Await;
import maw.testing.MawProcess;
import maw.testing.TestXmpp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second program started on an account that another runs as is refused before it touches the account (provisioning
 * would reset the password, and both would get the account's messages): a second GameMaster of the same name, and a
 * second seat of the same name.
 */
class DuplicatesTest {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private final TestXmpp xmpp = TestXmpp.get();

    @TempDir
    Path dir;

    private List<String> args(String... a) {
        List<String> all = new ArrayList<>(List.of(a));
        all.addAll(xmpp.cliSettings());
        return all;
    }

    @Test
    void aSecondGameMasterOrSeatOnAnAccountInUseRefusesToStart() throws Exception {
        MawProcess.Started gm = MawProcess.start(dir, args("gm", "--name", "dup-gm", "--players", "5"));
        MawProcess.Started zoe = null;
        try {
            Await.until("the GameMaster waits for players", WAIT, () -> gm.output().contains("waits for 5 players"));
            MawProcess.Run second = MawProcess.run("", dir, 60, args("gm", "--name", "dup-gm", "--players", "5"));
            assertThat(second.exit()).as(second.output()).isNotZero();
            assertThat(second.output()).contains("a GameMaster named dup-gm already runs")
                    .contains("dup-gm@localhost");
            assertThat(gm.process().isAlive()).isTrue();

            zoe = MawProcess.start(dir, args("player", "--name", "Zoe", "--gm", "dup-gm", "--seed", "1"));
            MawProcess.Started first = zoe;
            Await.until("Zoe sits at the table", WAIT, () -> first.output().contains("You sit at the table"));
            MawProcess.Run again = MawProcess.run("", dir, 60, args("player", "--name", "Zoe", "--gm", "dup-gm"));
            assertThat(again.exit()).as(again.output()).isNotZero();
            assertThat(again.output()).contains("a seat named Zoe already runs").contains("player-zoe@localhost");
            assertThat(gm.output()).containsOnlyOnce("Zoe");
        } finally {
            gm.process().destroy();
            if (zoe != null) {
                zoe.process().destroy();
            }
            gm.process().waitFor();
        }
    }
}
