package maw.aiwolf.bots;

import java.util.Objects;
import maw.aiwolf.game.AiwolfEvent;

/**
 * A mind that passes everything on to another: extend it and override what changes (the talk, say), so that the rest
 * goes on as the inner mind plays it.
 */
public class ForwardingPlayer implements AiwolfPlayer {

    private final AiwolfPlayer mind;

    public ForwardingPlayer(AiwolfPlayer mind) {
        this.mind = Objects.requireNonNull(mind, "mind");
    }

    @Override
    public void hear(AiwolfEvent event) {
        mind.hear(event);
    }

    @Override
    public String talk() {
        return mind.talk();
    }

    @Override
    public String whisper() {
        return mind.whisper();
    }

    @Override
    public String vote() {
        return mind.vote();
    }

    @Override
    public String divine() {
        return mind.divine();
    }

    @Override
    public String guard() {
        return mind.guard();
    }

    @Override
    public String attack() {
        return mind.attack();
    }
}
