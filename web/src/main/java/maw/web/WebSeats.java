package maw.web;

import io.javalin.http.sse.SseClient;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import maw.agents.typing.HumanCommands;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.player.PlayerAgent;
import maw.runtime.Jid;
import maw.runtime.Json;
import maw.runtime.Transport;

/**
 * Seats people take from the monitor's page: each is a MAW Player with a UserInterface agent behind it, whose person
 * is the browser (lines out as server-sent events, typed lines in, read as at the terminal: chat, /vote, /whisper,
 * /divine, AIWolf's protocol text and short commands), playing by the same rules and refusals as the terminal. A seat
 * is known by a key only its browser holds.
 */
public final class WebSeats {

    /** One person's seat. */
    public static final class Seat implements UserInterfaceAgent.Person {
        final String key;
        final UserInterfaceAgent ui;
        final PlayerAgent player;
        private final List<String> lines = new CopyOnWriteArrayList<>();
        private final Map<SseClient, Boolean> clients = new ConcurrentHashMap<>();

        private Seat(String key, UserInterfaceAgent.Person[] self, UserInterfaceAgent ui, PlayerAgent player) {
            this.key = key;
            this.ui = ui;
            this.player = player;
            self[0] = this;
        }

        /** A line for the person: kept, and sent to every page that follows the seat (in the order shown). */
        @Override
        public synchronized void show(String kind, String text) {
            String json = Json.MAPPER.createObjectNode().put("kind", kind).put("text", text).toString();
            lines.add(json);
            clients.keySet().forEach(c -> {
                if (!c.terminated()) {
                    c.sendEvent("seat", json);
                }
            });
        }

        /** A page that follows the seat: every line so far, then each new one; none is lost in between. */
        void follow(SseClient client) {
            client.keepAlive();
            client.onClose(() -> clients.remove(client));
            synchronized (this) {
                for (String l : lines) {
                    if (client.terminated()) {
                        return; // gone already: nothing to catch up on
                    }
                    client.sendEvent("seat", l);
                }
                clients.put(client, true);
            }
        }

        /** A line the person typed; what to tell them back at once, or null. */
        String say(String line) {
            return switch (HumanCommands.parse(line, ui.view(), System.currentTimeMillis(),
                    maw.agents.kit.SeatKit.typing(ui.view()))) {
                case HumanCommands.Perform a -> {
                    ui.act(a.act());
                    yield null;
                }
                case HumanCommands.MoreTime m -> {
                    ui.askMoreTime();
                    yield null;
                }
                case HumanCommands.Tell t -> t.text();
                case HumanCommands.Quit q -> "To leave, close the page; the seat plays on by its defaults.";
                default -> null;
            };
        }
    }

    private final Transport transport;
    private final Consumer<Map<String, String>> provision;
    private final Jid gameMaster;
    private final String prefix;
    private final Map<String, Seat> seats = new ConcurrentHashMap<>();
    private final List<Seat> all = new ArrayList<>();
    private int made;
    private final String invitation = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));

    /**
     * Seats at {@code gameMaster}'s table, their agents on {@code transport} under accounts named from {@code prefix}
     * (created with {@code provision}).
     */
    public WebSeats(Transport transport, Consumer<Map<String, String>> provision, Jid gameMaster, String prefix) {
        this.transport = transport;
        this.provision = provision;
        this.gameMaster = gameMaster.bare();
        this.prefix = prefix;
    }

    /**
     * The page's invitation: a seat is taken only by a request that shows it ({@code ?invite=}, from the link the
     * command printed) or the GameMaster's watch token.
     */
    public String invitation() {
        return invitation;
    }

    /** Whether {@code given} is the page's invitation. */
    boolean invites(String given) {
        return maw.runtime.Secrets.same(invitation, given);
    }

    /** A new seat for a person named {@code name}; it joins the lobby at once (its page says how that went). */
    public synchronized Seat take(String name) throws Exception {
        if (all.size() >= 20) {
            throw new IllegalStateException("enough seats were taken from this page");
        }
        made++;
        String key = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(12));
        String local = prefix + "webseat" + made;
        provision.accept(Map.of(local + "-player", password, local + "-ui", password));
        Jid playerJid = Jid.of(local + "-player", gameMaster.domain());
        UserInterfaceAgent.Person[] self = new UserInterfaceAgent.Person[1];
        UserInterfaceAgent ui = new UserInterfaceAgent(Jid.of(local + "-ui", gameMaster.domain()), password, name,
                playerJid, (kind, text) -> self[0].show(kind, text));
        PlayerAgent player = new PlayerAgent(playerJid, password, gameMaster, ui.jid());
        Seat seat = new Seat(key, self, ui, player);
        ui.start(transport);
        player.start(transport);
        seats.put(key, seat);
        all.add(seat);
        return seat;
    }

    Seat seat(String key) {
        return key == null ? null : seats.get(key);
    }

    /** Stops every seat's agents. */
    public synchronized void close() {
        for (Seat s : all) {
            s.player.stop();
            s.ui.stop();
        }
    }
}
