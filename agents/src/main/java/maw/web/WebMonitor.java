package maw.web;

import java.time.Duration;
import maw.agents.Catalog;
import maw.agents.GameAgent;
import maw.runtime.CyclicBehaviour;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * The web monitor: an agent that watches a game at its GameMaster over XMPP (so it works from any process or host),
 * and its {@link MonitorPage} on 127.0.0.1 that shows the table live. Anyone who opens the page sees the public view;
 * the god view (roles, the pack's news, whispers) needs the token the GameMaster printed, given as {@code ?token=}.
 */
public final class WebMonitor extends GameAgent {

    private final Jid gameMaster;
    private final String token;
    private final String bind;
    private final int requestedPort;
    private volatile MonitorPage page;
    private volatile boolean watching;
    private volatile String refusal;
    private volatile Jid village;
    private volatile Jid hideout;
    private long lastAsk;
    private volatile java.util.function.Supplier<java.util.List<maw.runtime.Agent>> agents = java.util.List::of;
    private volatile WebSeats seats;

    /**
     * @param token the GameMaster's watch token (null: the public view only)
     * @param port  the page's port on {@code bind} (0: any free one)
     */
    public WebMonitor(Jid jid, String password, Jid gameMaster, String token, String bind, int port) {
        super(jid, password);
        this.gameMaster = gameMaster.bare();
        this.token = token;
        this.bind = bind;
        this.requestedPort = port;
    }

    /** The page's port, once started. */
    public int port() {
        MonitorPage p = page;
        return p == null ? -1 : p.port();
    }

    /** The agents of the game that run in this process: the god view shows their inside. */
    public WebMonitor agents(java.util.function.Supplier<java.util.List<maw.runtime.Agent>> in) {
        this.agents = in;
        return this;
    }

    /** Seats people may take from the page (the table's open seats). */
    public WebMonitor seats(WebSeats s) {
        this.seats = s;
        MonitorPage p = page;
        if (p != null) {
            p.seats(s);
        }
        return this;
    }

    /** Whether the GameMaster agreed to be watched. */
    public boolean watching() {
        return watching;
    }

    /** Why the GameMaster refused, if it did. */
    public String refusal() {
        return refusal;
    }

    @Override
    protected void setup() {
        page = new MonitorPage(token, bind, requestedPort, false);
        page.agents(() -> agents.get());
        page.seats(seats);
        addBehaviour(CyclicBehaviour.of("Watch", self -> {
            if (!watching && refusal == null && System.nanoTime() - lastAsk > 1_000_000_000L) {
                lastAsk = System.nanoTime();
                send(gameMaster, Performative.REQUEST, new Catalog.Watch(null, token == null
                        ? Catalog.WatchView.PUBLIC : Catalog.WatchView.GOD, token));
            }
            Message m = self.receive(Duration.ofMillis(250));
            if (m != null) {
                guarded(m, () -> handle(m));
            }
        }));
    }

    @Override
    protected void takeDown() {
        MonitorPage p = page;
        if (p != null) {
            p.close();
        }
        WebSeats s = seats;
        if (s != null) {
            s.close();
        }
    }

    private void handle(Message m) {
        Jid from = m.sender();
        boolean fromRoom = from != null && (from.sameBare(village) || from.sameBare(hideout));
        if (from == null || !from.sameBare(gameMaster) && !fromRoom) {
            return;
        }
        Catalog.Body body = read(m);
        switch (body) {
            case Catalog.Watching w when !fromRoom -> {
                watching = true;
                page.watching(w);
            }
            case Catalog.Refusal r when !fromRoom -> refusal = r.reason();
            case Catalog.Watched w -> {
                if (w.body() instanceof Catalog.StartGame sg && !fromRoom) {
                    village = Jid.parse(sg.village()).bare();
                    hideout = Jid.parse(sg.hideout()).bare();
                }
                page.add(w);
            }
            case null, default -> { }
        }
    }
}
