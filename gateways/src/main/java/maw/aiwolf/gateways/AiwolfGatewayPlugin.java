package maw.aiwolf.gateways;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import maw.aiwolf.game.AiwolfOptions;
import maw.aiwolf.nlp.NlpServer;
import maw.aiwolf.tcp.AiwolfServer;
import maw.aiwolf.link.Gateway;

/**
 * The gateways of AIWolf's rule sets: the AIWolf server's TCP protocol for {@code aiwolf}, the NLP contest's
 * WebSocket for {@code aiwolf-nlp} (the options say which: the contest's games talk in natural language).
 */
public final class AiwolfGatewayPlugin implements Gateway.Plugin {

    @Override
    public boolean serves(String ruleSet) {
        return "aiwolf".equals(ruleSet) || "aiwolf-nlp".equals(ruleSet);
    }

    /** An agent's answer, and (NLP) the probe of a late one, fit in a step of the GameMaster's. */
    @Override
    public Gateway.Opened openGateway(Object options, String bind, int port) throws IOException {
        AiwolfOptions o = (AiwolfOptions) options;
        Duration step = o.step();
        if (o.settings().natural()) {
            NlpServer server = new NlpServer(bind, port, Duration.ofMillis(step.toMillis() * 7 / 10),
                    Duration.ofMillis(step.toMillis() * 2 / 10), null);
            return new Gateway.Opened(server, server.address(), link -> server.seat(link, o));
        }
        AiwolfServer server = new AiwolfServer(InetAddress.getByName(bind), port,
                Duration.ofMillis(step.toMillis() * 9 / 10));
        return new Gateway.Opened(server, bind + ":" + server.port() + " (AIWolf TCP)", link -> server.seat(link, o));
    }
}
