package maw.aiwolf.game;

import static org.assertj.core.api.Assertions.assertThat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import maw.agents.Catalog;
import maw.agents.SeatCatalog;
import maw.aiwolf.seat.AiwolfBotAgent;
import maw.agents.gamemaster.GameListener;
import maw.agents.gamemaster.GameMasterAgent;
import maw.agents.typing.HumanCommands;
import maw.agents.human.UserInterfaceAgent;
import maw.agents.table.GameTable;
import maw.agents.table.Listeners;
import maw.aiwolf.AiwolfVariant;
import maw.base.Act;
import maw.base.SeatView;
import maw.game.Command;
import maw.runtime.local.LocalTransport;
import org.junit.jupiter.api.Test;

/**
 * A person in an AIWolf game, typing as at the terminal: short commands become protocol text (/co, /estimate, /over),
 * /vote in a talk turn is a sentence and in the vote the vote, the night's acts are asked for by role; text that is
 * not protocol is answered at once and never sent. Every step the person is in ends by their answer, not the timer.
 */
class AiwolfPersonTest {

    @Test
    void aPersonPlaysAWholeGameWithShortCommandsAndProtocolText() throws Exception {
        List<String> shown = new CopyOnWriteArrayList<>();
        List<String> typed = new CopyOnWriteArrayList<>();
        UserInterfaceAgent[] seat = new UserInterfaceAgent[1];
        GameTable.SeatFiller person = new GameTable.SeatFiller() {
            @Override
            public UserInterfaceAgent create(GameTable.Seat s) {
                seat[0] = new UserInterfaceAgent(s.jid(), s.password(), s.name(), s.player(), (kind, text) -> {
                    shown.add(kind + ": " + text);
                    if (kind.equals("turn")) {
                        Thread.ofVirtual().start(() -> answer(seat[0], text, typed, shown));
                    }
                });
                return seat[0];
            }

            @Override
            public String kind() {
                return "human";
            }
        };
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        fillers.add(person);
        for (int i = 1; i < 5; i++) {
            fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
        }
        for (long seed = 1; seed <= 3; seed++) {
            typed.clear(); // the person starts each game afresh
            GameTable table = new GameTable(new GameTable.Spec("", List.of("Ann", "Bob", "Cid", "Dan", "Eve"), fillers,
                    1, seed, new AiwolfVariant().ruleset(AiwolfOptions.of(5, Duration.ofSeconds(15))), null), "localhost");
            LocalTransport local = new LocalTransport();
            table.accounts().forEach(local::register);
            List<String> timeouts = new CopyOnWriteArrayList<>();
            List<String> talks = new CopyOnWriteArrayList<>();
            GameTable.Result r = table.play(local, new Listeners(new GameListener() {
                @Override
                public void command(int round, Command c) {
                    if (c instanceof Command.Timeout t) {
                        timeouts.add(t.phase().toString());
                    }
                    if (c instanceof Command.Perform p && p.actor().equals("Ann")
                            && p.act() instanceof maw.base.Act.Talk t) {
                        talks.add(t.text());
                    }
                }
            }), null, Duration.ofMinutes(2));
            assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
            assertThat(timeouts).as("steps the person let run out").isEmpty();
            assertThat(talks).as("Ann's talk").contains("COMINGOUT Agent[01] VILLAGER")
                    .allMatch(t -> maw.aiwolf.protocol.Protocol.isValid(t, maw.aiwolf.protocol.Version.V3_6));
        }
        assertThat(shown).anyMatch(l -> l.startsWith("turn: Your talk turn"));
        // A turn's talks a line each, turns counted from 1; a vote as a table of who got how many ballots from whom.
        assertThat(shown).anyMatch(l -> l.startsWith("talk: Talk turn 1 of day 1:\n  ")).noneMatch(l -> l.contains(
                "Talk turn 0"));
        assertThat(shown).anyMatch(l -> l.matches("(?s)vote: Votes:\n  \\w+ \\(\\d\\) +\\d  <- \\w+ \\(\\d\\).*"));
        assertThat(typed).contains("/co villager", "I am innocent");
        assertThat(shown).anyMatch(l -> l.contains("Not AIWolf protocol text"));
    }

    @Test
    void aPersonInTheNlpContestsGameTalksInTheirOwnWordsAndCommandsSayItInPlainEnglish() throws Exception {
        List<String> shown = new CopyOnWriteArrayList<>();
        List<String> typed = new CopyOnWriteArrayList<>();
        UserInterfaceAgent[] seat = new UserInterfaceAgent[1];
        GameTable.SeatFiller person = new GameTable.SeatFiller() {
            @Override
            public UserInterfaceAgent create(GameTable.Seat s) {
                seat[0] = new UserInterfaceAgent(s.jid(), s.password(), s.name(), s.player(), (kind, text) -> {
                    shown.add(kind + ": " + text);
                    if (kind.equals("turn")) {
                        Thread.ofVirtual().start(() -> {
                            SeatView v = seat[0].view();
                            String line;
                            if (text.startsWith("Your talk turn")) {
                                line = !typed.contains("Hello @Bob, I am a simple villager.")
                                        ? "Hello @Bob, I am a simple villager." : !typed.contains("/co villager")
                                        ? "/co villager" : "/over";
                            } else if (text.startsWith("Your whisper turn")) {
                                line = "/over";
                            } else {
                                Act.Kind act = text.startsWith("Whom do you divine") ? Act.Kind.DIVINE
                                        : text.startsWith("Whom do you guard") ? Act.Kind.GUARD : Act.Kind.VOTE;
                                String verb = act == Act.Kind.DIVINE ? "/divine" : act == Act.Kind.GUARD
                                        ? "/guard" : text.startsWith("The attack vote") ? "/attack" : "/vote";
                                line = verb + " " + v.targets().get(act).stream().filter(t -> !t.equals("Ann"))
                                        .findFirst().orElseThrow();
                            }
                            typed.add(line);
                            if (parsed(line, v, System.currentTimeMillis()) instanceof HumanCommands.Perform a) {
                                seat[0].act(a.act());
                            }
                        });
                    }
                });
                return seat[0];
            }

            @Override
            public String kind() {
                return "human";
            }
        };
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        fillers.add(person);
        for (int i = 1; i < 5; i++) {
            fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
        }
        GameTable table = new GameTable(new GameTable.Spec("", List.of("Ann", "Bob", "Cid", "Dan", "Eve"), fillers,
                1, 4, new AiwolfVariant().ruleset(AiwolfOptions.natural(5, Duration.ofSeconds(15))), null), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        List<String> timeouts = new CopyOnWriteArrayList<>();
        List<String> talks = new CopyOnWriteArrayList<>();
        List<String> others = new CopyOnWriteArrayList<>();
        GameTable.Result r = table.play(local, new Listeners(new GameListener() {
            @Override
            public void command(int round, Command c) {
                if (c instanceof Command.Timeout t) {
                    timeouts.add(t.phase().toString());
                }
                if (c instanceof Command.Perform p && p.act() instanceof maw.base.Act.Talk t) {
                    (p.actor().equals("Ann") ? talks : others).add(t.text());
                }
            }
        }), null, Duration.ofMinutes(2));
        assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
        assertThat(timeouts).as("steps the person let run out").isEmpty();
        assertThat(talks).as("Ann's talk, as typed and as /co wrote it").startsWith(
                "Hello @Bob, I am a simple villager.", "I am the villager.");
        assertThat(others).as("the rule seats' talk").allMatch(t -> !maw.aiwolf.protocol.Protocol.isValid(t,
                maw.aiwolf.protocol.Version.V3_6) || t.equals("Skip") || t.equals("Over"));
        assertThat(shown).anyMatch(l -> l.contains("say it in your own words"))
                .anyMatch(l -> l.contains("The AIWolf NLP contest's rules"));
    }

    /**
     * A person in the speak-anytime track (the contest's freeform_en_5, its phases shortened): the talk opens once a
     * day, the person types two lines at once (the second while the first is on its way: neither is lost), is told
     * after each how many are left, and ends the day's talk with /over; the phase ends early once everyone is done.
     */
    @Test
    void aPersonSpeaksWhenTheyLikeInTheSpeakAnytimeTalk() throws Exception {
        List<String> shown = new CopyOnWriteArrayList<>();
        List<String> typed = new CopyOnWriteArrayList<>();
        UserInterfaceAgent[] seat = new UserInterfaceAgent[1];
        GameTable.SeatFiller person = new GameTable.SeatFiller() {
            @Override
            public UserInterfaceAgent create(GameTable.Seat s) {
                seat[0] = new UserInterfaceAgent(s.jid(), s.password(), s.name(), s.player(), (kind, text) -> {
                    shown.add(kind + ": " + text);
                    if (kind.equals("turn")) {
                        Thread.ofVirtual().start(() -> {
                            SeatView v = seat[0].view();
                            List<String> lines = new ArrayList<>();
                            if (text.startsWith("The talk is open") && text.contains("(0 of 4 said")) {
                                lines.add("Good morning @Bob, day " + v.day() + " for me.");
                                lines.add("Who do you suspect today, @Cid?");
                            } else if (text.startsWith("The talk is open") && text.contains("(2 of 4 said")
                                    || text.startsWith("The whisper is open")) {
                                lines.add("/over");
                            } else if (!text.startsWith("The talk is open")) {
                                Act.Kind act = text.startsWith("Whom do you divine") ? Act.Kind.DIVINE
                                        : text.startsWith("Whom do you guard") ? Act.Kind.GUARD : Act.Kind.VOTE;
                                String verb = act == Act.Kind.DIVINE ? "/divine" : act == Act.Kind.GUARD
                                        ? "/guard" : text.startsWith("The attack vote") ? "/attack" : "/vote";
                                lines.add(verb + " " + v.targets().get(act).stream().filter(t -> !t.equals("Ann"))
                                        .findFirst().orElseThrow());
                            }
                            for (String line : lines) {
                                typed.add(line);
                                if (parsed(line, seat[0].view(), System.currentTimeMillis())
                                        instanceof HumanCommands.Perform a) {
                                    seat[0].act(a.act());
                                }
                            }
                        });
                    }
                });
                return seat[0];
            }

            @Override
            public String kind() {
                return "human";
            }
        };
        List<GameTable.SeatFiller> fillers = new ArrayList<>();
        fillers.add(person);
        for (int i = 1; i < 5; i++) {
            fillers.add(AiwolfBotAgent.filler(AiwolfBotAgent.Style.RULES));
        }
        AiwolfOptions options = AiwolfOptions.natural(NlpRegulation.named("freeform_en_5").chatLasting(20_000),
                Duration.ofSeconds(15));
        GameTable table = new GameTable(new GameTable.Spec("", List.of("Ann", "Bob", "Cid", "Dan", "Eve"), fillers,
                1, 4, new AiwolfVariant().ruleset(options), null), "localhost");
        LocalTransport local = new LocalTransport();
        table.accounts().forEach(local::register);
        List<String> timeouts = new CopyOnWriteArrayList<>();
        List<String> talks = new CopyOnWriteArrayList<>();
        List<Integer> days = new CopyOnWriteArrayList<>();
        GameTable.Result r = table.play(local, new Listeners(new GameListener() {
            @Override
            public void command(int round, Command c) {
                if (c instanceof Command.Timeout t) {
                    timeouts.add(t.phase().toString());
                }
                if (c instanceof Command.Perform p && p.actor().equals("Ann")
                        && p.act() instanceof maw.base.Act.Talk t) {
                    talks.add(t.text());
                }
            }
        }), null, Duration.ofMinutes(2));
        assertThat(r.rounds().getFirst().winner()).isIn("villagers", "werewolves");
        assertThat(timeouts).as("talk phases that ran out (everyone was done before)").isEmpty();
        assertThat(talks).as("Ann's lines, as typed, each day's two in their order").containsSubsequence(
                "Good morning @Bob, day 1 for me.", "Who do you suspect today, @Cid?", "Over");
        assertThat(shown).as("told after her lines how many she has left")
                .anyMatch(l -> l.matches(
                        "turn: The talk is open \\(\\d+ s\\): .*, [23] more lines \\([12] of 4 said.*"))
                .noneMatch(l -> l.startsWith("refusal:"));
    }

    /** What the person types when asked: a first day's claim, a line of prose (refused here), then Over; votes. */
    private static void answer(UserInterfaceAgent ui, String asked, List<String> typed, List<String> shown) {
        SeatView v = ui.view();
        List<String> lines = new ArrayList<>();
        if (asked.startsWith("Your talk turn")) {
            if (!typed.contains("/co villager") || v.day() == 1 && !typed.contains("I am innocent")) {
                lines.add(typed.contains("/co villager") ? "I am innocent" : "/co villager");
            }
            lines.add(v.day() == 1 && !typed.contains("/estimate 2 werewolf") ? "/estimate 2 werewolf" : "/over");
        } else if (asked.startsWith("Your whisper turn")) {
            lines.add("/over");
        } else {
            String verb = asked.startsWith("Whom do you divine") ? "/divine" : asked.startsWith("Whom do you guard")
                    ? "/guard" : asked.startsWith("The attack vote") ? "/attack" : "/vote";
            Act.Kind kind = switch (verb) {
                case "/divine" -> Act.Kind.DIVINE;
                case "/guard" -> Act.Kind.GUARD;
                default -> Act.Kind.VOTE;
            };
            String target = v.targets().get(kind).getFirst();
            lines.add(verb + " " + (v.agents().indexOf(target) + 1));
        }
        for (String line : lines) {
            typed.add(line);
            switch (parsed(line, ui.view(), System.currentTimeMillis())) {
                case HumanCommands.Perform a -> {
                    ui.act(a.act());
                    if (a.act() instanceof Act.Talk) {
                        return; // one talk a turn
                    }
                }
                case HumanCommands.Tell t -> shown.add("told: " + t.text());
                default -> { }
            }
        }
    }

    private static SeatView view(maw.base.Phase phase, Act.Kind... allowed) {
        List<String> agents = List.of("Ann", "Bob", "Cid", "Dan", "Eve");
        java.util.Map<Act.Kind, List<String>> targets = new java.util.EnumMap<>(Act.Kind.class);
        for (Act.Kind k : allowed) {
            if (k != Act.Kind.TALK) {
                targets.put(k, List.of("Ann", "Cid", "Dan", "Eve"));
            }
        }
        return new SeatView("Bob", maw.base.Role.SEER, List.of(), phase, 1, 0, agents, List.of(),
                targets.getOrDefault(Act.Kind.VOTE, List.of()), List.of(allowed), targets, null, 500, List.of(),
                null, false, java.util.Map.of(), "aiwolf", maw.base.Speech.PROTOCOL, agents);
    }

    private static Act typed(String line, SeatView v) {
        HumanCommands.Command c = parsed(line, v, 0);
        assertThat(c).as(line).isInstanceOf(HumanCommands.Perform.class);
        return ((HumanCommands.Perform) c).act();
    }

    private static String told(String line, SeatView v) {
        HumanCommands.Command c = parsed(line, v, 0);
        assertThat(c).as(line).isInstanceOf(HumanCommands.Tell.class);
        return ((HumanCommands.Tell) c).text();
    }

    @Test
    void shortCommandsWriteProtocolTextAndTheVoteIsASentenceOrAVoteAsTheStepAsks() {
        SeatView talk = view(maw.base.Phase.DAY, Act.Kind.TALK, Act.Kind.LISTEN);
        assertThat(typed("/co seer", talk)).isEqualTo(new Act.Talk("COMINGOUT Agent[02] SEER"));
        assertThat(typed("/divined 3 werewolf", talk)).isEqualTo(new Act.Talk("DIVINED Agent[03] WEREWOLF"));
        assertThat(typed("/identified Dan human", talk)).isEqualTo(new Act.Talk("IDENTIFIED Agent[04] HUMAN"));
        assertThat(typed("/estimate e possessed", talk)).isEqualTo(new Act.Talk("ESTIMATE Agent[05] POSSESSED"));
        assertThat(typed("/vote 4", talk)).isEqualTo(new Act.Talk("VOTE Agent[04]"));
        assertThat(typed("/skip", talk)).isEqualTo(new Act.Talk("Skip"));
        assertThat(typed("/over", talk)).isEqualTo(new Act.Talk("Over"));
        assertThat(typed("REQUEST ANY (VOTE Agent[03])", talk)).isEqualTo(new Act.Talk("REQUEST ANY (VOTE Agent[03])"));
        assertThat(told("I think Cid is a wolf", talk)).startsWith("Not AIWolf protocol text");
        assertThat(told("/vote 9", talk)).startsWith("No player 9");
        assertThat(told("/co", talk)).startsWith("Which role?");
        SeatView vote = view(maw.base.Phase.DAY, Act.Kind.VOTE, Act.Kind.LISTEN);
        assertThat(typed("/vote 4", vote)).isEqualTo(new Act.Vote("Dan"));
        assertThat(told("VOTE Agent[04]", vote)).startsWith("It is not your turn to talk");
        SeatView night = view(maw.base.Phase.NIGHT, Act.Kind.DIVINE, Act.Kind.LISTEN);
        assertThat(typed("/divine 3", night)).isEqualTo(new Act.Divine("Cid"));
        assertThat(told("/skip", night)).startsWith("It is not your turn");
        assertThat(parsed("/help", talk, 0)).isInstanceOf(HumanCommands.Tell.class)
                .extracting(c -> ((HumanCommands.Tell) c).text()).asString().contains("/co ROLE");
    }

    /** A line as the terminal reads it, with the typing of the game's rule set. */
    private static HumanCommands.Command parsed(String line, maw.base.SeatView v, long nowMillis) {
        return HumanCommands.parse(line, v, nowMillis, maw.agents.kit.SeatKit.typing(v));
    }
}
