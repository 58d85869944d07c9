package maw.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FsmDeclarationTest {

    private static FSMBehaviour gameMaster() {
        FSMBehaviour fsm = new FSMBehaviour("GameMaster");
        for (String s : new String[] {"Setup", "AssignRoles", "DayPhase", "DayPhaseVoteCount", "NightPhase",
            "NightPhaseVoteCount", "EndPhase"}) {
            fsm.addState(s, st -> { });
        }
        return fsm.addTransition("Setup", "AssignRoles").addTransition("AssignRoles", "DayPhase")
                .addTransition("DayPhase", "DayPhaseVoteCount").addTransition("DayPhaseVoteCount", "NightPhase")
                .addTransition("DayPhaseVoteCount", "EndPhase").addTransition("NightPhase", "NightPhaseVoteCount")
                .addTransition("NightPhaseVoteCount", "DayPhase").addTransition("NightPhaseVoteCount", "EndPhase");
    }

    @Test
    void theFirstStateAddedIsInitialUnlessAnotherIsNamed() {
        assertThat(gameMaster().initialState()).isEqualTo("Setup");
        assertThat(gameMaster().setInitialState("DayPhase").initialState()).isEqualTo("DayPhase");
    }

    @Test
    void transitionsMustJoinDeclaredStates() {
        assertThatThrownBy(() -> gameMaster().addTransition("Setup", "Lobby")).isInstanceOf(FsmException.class)
                .hasMessageContaining("unknown state Lobby");
        assertThatThrownBy(() -> gameMaster().addState("Setup", State.of("again", s -> { })))
                .isInstanceOf(FsmException.class).hasMessageContaining("declared twice");
    }

    @Test
    void theMachineExportsToGraphviz() {
        String dot = gameMaster().toGraphviz();
        assertThat(dot).startsWith("digraph \"GameMaster\" {")
                .contains("\"__start\" -> \"Setup\";")
                .contains("\"DayPhaseVoteCount\" -> \"EndPhase\";")
                .contains("\"NightPhaseVoteCount\" -> \"DayPhase\";")
                .contains("\"EndPhase\" [peripheries=2];")
                .endsWith("}\n");
    }
}
