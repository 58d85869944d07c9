package maw.agents.gamemaster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;
import maw.agents.Catalog;
import maw.agents.CatalogReader;
import maw.agents.GameAgent;
import maw.agents.Text;
import maw.agents.typing.HumanCommands;
import maw.agents.player.PersonSeat;
import maw.base.Act;
import maw.game.RefusalCode;
import maw.runtime.Jid;
import maw.runtime.Message;
import maw.runtime.Performative;

/**
 * The GameMaster's one-to-one chat with people at ordinary XMPP clients (Conversations, Gajim, Dino, Profanity). A
 * person types plain commands to the GameMaster's address ({@code join NAME}, {@code vote NAME}, {@code whisper NAME
 * TEXT}, {@code divine NAME}, {@code who}, {@code role}, {@code time}, {@code help}, {@code quit}; in AIWolf games the
 * protocol text and the short commands, as at the terminal); each becomes the very catalog request a Player would send,
 * from the person's own account, and goes through the GameMaster's usual judgement. Whatever the GameMaster tells
 * that account (the seat, the role, the phases, the votes, the results, the refusals) reaches the person as plain words.
 * The person speaks in the rooms, which are multi-user chat rooms (the room agents invite them).
 */
final class ChatDesk {

    private final Consumer<Message> post;
    private final Consumer<String> seated;
    private final BiConsumer<Jid, String> sendPlain;
    private final Supplier<String> newId;
    private final Supplier<Jid> me;
    private final Supplier<String> game;
    /** The seats of people at chat clients, by account. */
    private final Map<Jid, PersonSeat> people = new ConcurrentHashMap<>();

    /**
     * @param post      files a request made for a person in the GameMaster's own mailbox
     * @param sendPlain sends plain text to an address (never diverted)
     * @param seated    told the name of each person the GameMaster seats (the journal keeps it for a resume)
     */
    ChatDesk(Consumer<Message> post, BiConsumer<Jid, String> sendPlain, Supplier<String> newId, Supplier<Jid> me,
            Supplier<String> game, Consumer<String> seated) {
        this.seated = seated;
        this.post = post;
        this.sendPlain = sendPlain;
        this.newId = newId;
        this.me = me;
        this.game = game;
    }

    /** The accounts of the people seated through this desk, and their seats' names. */
    Map<String, Jid> seated() {
        Map<String, Jid> out = new java.util.LinkedHashMap<>();
        people.forEach((jid, seat) -> out.put(seat.name(), jid));
        return out;
    }

    /** Whether {@code account} is a person at a chat client seated here. */
    boolean isPerson(Jid account) {
        return account != null && people.containsKey(account.bare());
    }

    /** A person's seat again, as a resumed GameMaster's journal names it. */
    void adopt(String name, Jid account, String game) {
        if (account != null) {
            PersonSeat seat = new PersonSeat(name);
            seat.joined(game);
            people.put(account.bare(), seat);
        }
    }

    /** Forgets a person who no longer holds a seat (left the lobby, or lost the seat at the ready check). */
    void forget(Jid account) {
        if (account != null) {
            people.remove(account.bare());
        }
    }

    /** A line the person typed in their chat client. */
    void typed(Message m) {
        Jid from = m.sender();
        Jid account = from.bare();
        String line = m.body().strip();
        String[] parts = line.split("\\s+", 2);
        String word = parts[0].toLowerCase(Locale.ROOT);
        if (word.startsWith("/")) {
            word = word.substring(1);
        }
        String arg = parts.length > 1 ? parts[1].strip() : "";
        PersonSeat seat = people.get(account);
        if (word.equals("join")) {
            if (seat != null) {
                tell(account, "You already sit at this table as " + seat.name() + ".");
                return;
            }
            if (arg.isEmpty()) {
                tell(account, "Under which name? join NAME");
                return;
            }
            people.put(account, new PersonSeat(arg));
            request(from, Performative.REQUEST, new Catalog.JoinLobby(arg, true, true));
            return;
        }
        if (seat == null) {
            tell(account, word.equals("help") || word.equals("?") ? help(null)
                    : "You have no seat at this table. Type: join NAME (or help).");
            return;
        }
        switch (word) {
            case "quit", "leave", "exit" -> {
                request(from, Performative.REQUEST, new Catalog.LeaveLobby(game.get()));
                return;
            }
            case "help", "h", "?" -> {
                tell(account, help(seat.view()));
                return;
            }
            default -> { }
        }
        boolean command = HumanCommands.NAMES.contains("/" + word) || Set.of("v", "d", "wh", "w", "r", "t", "s", "q")
                .contains(word);
        boolean inTurns = seat.view().talk() != null && seat.view().talk().inTurns();
        HumanCommands.Command c = HumanCommands.parse(command ? "/" + word + (arg.isEmpty() ? "" : " " + arg) : line,
                seat.view(), System.currentTimeMillis(), maw.agents.kit.SeatKit.typing(seat.view()));
        switch (c) {
            case HumanCommands.Tell t -> tell(account, t.text());
            case HumanCommands.Perform p when p.act() instanceof Act.Speak && !inTurns -> tell(account,
                    "To talk, write in the room that is open to you (the Village by day, the Hideout for the pack by "
                    + "night): its invitation came as it opened. Commands here: " + commands() + ".");
            case HumanCommands.Perform p -> act(from, seat, p.act());
            case HumanCommands.MoreTime t -> request(from, Performative.REQUEST, seat.moreTime());
            case HumanCommands.Quit q -> request(from, Performative.REQUEST, new Catalog.LeaveLobby(game.get()));
            default -> tell(account, "Commands: " + commands() + ".");
        }
    }

    private void act(Jid from, PersonSeat seat, Act a) {
        String problem = seat.problemWith(a);
        if (problem != null) {
            tell(from.bare(), problem);
            return;
        }
        Catalog.Stamped body = seat.request(a);
        if (body == null) {
            return;
        }
        String id = request(from, Performative.REQUEST, body);
        seat.sent(a, id);
    }

    /** Makes the catalog message the person's command stands for, from the person's own session; returns its id. */
    private String request(Jid from, Performative p, Catalog.Body body) {
        String id = newId.get();
        post.accept(Message.builder().sender(from).to(me.get()).performative(p).ontology(GameAgent.ONTOLOGY)
                .replyWith(id).thread(newId.get()).body(body).build());
        return id;
    }

    /**
     * A message the GameMaster is about to send: true when it is for a person at a chat client, who is told it in
     * plain words instead.
     */
    boolean divert(Message m) {
        if (m.to() == null || m.performative().isEmpty()) {
            return false;
        }
        Jid account = m.to().bare();
        PersonSeat seat = people.get(account);
        if (seat == null) {
            return false;
        }
        Catalog.Body body;
        try {
            body = CatalogReader.read(m);
        } catch (CatalogReader.Malformed e) {
            return true;
        }
        if (body instanceof Catalog.Joined j) {
            seat.joined(j.game());
            seated.accept(j.player_name());
        }
        if (body instanceof Catalog.Refusal r && "join_lobby".equals(r.refused())) {
            people.remove(account);
            boolean name = r.code() == RefusalCode.NAME_TAKEN || r.code() == RefusalCode.NAME_INVALID;
            tell(account, "Refused: " + r.reason() + "." + (name ? " Try another name: join NAME" : ""));
            return true;
        }
        if (body instanceof Catalog.Ok ok && "left".equals(ok.what())) {
            people.remove(account);
        }
        List<String> lines = new ArrayList<>(seat.hear(body, m.inReplyTo()));
        if (seat.readyAsked()) {
            // The person answered by typing join; a seat at a chat client is there while its account is.
            request(m.to(), Performative.INFORM, new Catalog.Ready(((Catalog.ReadyCheck) body).game()));
        }
        if (!lines.isEmpty()) {
            tell(account, String.join("\n", lines));
        }
        return true;
    }

    private void tell(Jid account, String text) {
        List<String> shown = new ArrayList<>();
        for (String l : text.split("\n", -1)) {
            shown.add(Text.inert(l));
        }
        sendPlain.accept(account, String.join("\n", shown));
    }

    private static String commands() {
        return "vote NAME, divine NAME, whisper NAME TEXT, who, role, time, more (more time to read, once a day), help, "
                + "quit";
    }

    /** What {@code help} tells a person whose seat sees {@code v} (null: no seat yet): their rule set's, else MAW's. */
    static String help(maw.base.SeatView v) {
        String own = v == null || v.talk() == null || !v.talk().inTurns() ? null
                : maw.agents.kit.SeatKit.of(v.rules()).chatHelp(v.talk());
        if (own != null) {
            return own;
        }
        return "You play MAW's Werewolf from your chat client. Here, with the GameMaster: join NAME takes a seat; "
                + "vote NAME votes (by day; by night as a werewolf), divine NAME asks a player's role (the seer, once a "
                + "day), whisper NAME TEXT tells one living player only (by day), who lists the living and the dead, "
                + "role tells your role, time the phase and the time left, more asks for more time to read (once a "
                + "day, by day), quit leaves the lobby. You talk in the "
                + "rooms: the Village by day, the Hideout for the pack by night; each invites you as it opens to you. "
                + "Names may be shortened to an unambiguous beginning.";
    }

}
