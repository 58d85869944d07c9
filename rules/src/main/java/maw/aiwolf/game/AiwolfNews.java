package maw.aiwolf.game;

import java.util.List;
import maw.game.Audience;
import maw.game.GameEvent;
import maw.game.PhaseId;

/** What the AIWolf rules announce to the GameMaster: the engine's events, and the beginning of each step. */
public sealed interface AiwolfNews extends GameEvent {

    /** An event of the game, for exactly the players allowed to learn it. */
    record Told(AiwolfEvent event) implements AiwolfNews {
        @Override
        public Audience audience() {
            return event.audience() == null ? Audience.EVERYONE : new Audience.Players(event.audience());
        }
    }

    /**
     * A step begins: a talk or whisper turn ({@code turn} from 0), a vote ({@code revote} from 0), or a night's acts;
     * {@code newPhase} when it is the first step of a day or night.
     */
    record StepBegan(PhaseId phase, AiwolfGame.Stage stage, int turn, int revote, boolean newPhase,
            List<String> living) implements AiwolfNews {
        @Override
        public Audience audience() {
            return Audience.EVERYONE;
        }

        @Override
        public PhaseId began() {
            return phase;
        }
    }
}
