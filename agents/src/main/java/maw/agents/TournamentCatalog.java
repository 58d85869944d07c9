package maw.agents;

import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The catalog's messages between a tournament's director and its workers (docs/PROTOCOL.md, "Tournament workers"):
 * the FIPA Contract Net protocol over XMPP. A worker announces itself (and stays in touch) with {@code worker_ready};
 * the director calls for proposals ({@code cfp}) while games are left; a worker proposes its free tables
 * ({@code propose}); the director accepts with games to play ({@code accept-proposal}) or rejects ({@code
 * reject-proposal}); the worker informs the director of each game's result as it ends. Part of the one catalog.
 */
public final class TournamentCatalog {

    private TournamentCatalog() {}

    /**
     * Worker to director, inform, on start and every few seconds after: its tables, how many are free, and the games
     * it is playing (a director that hears nothing from a worker for a while hands its games to others); and its
     * proof that it holds the director's key ({@code key_proof}: the director takes part only from accounts that
     * show one).
     */
    @JsonTypeName("worker_ready")
    public record WorkerReady(int tables, int free, List<Integer> playing, String key_proof) implements Catalog.Body {
        public WorkerReady {
            playing = playing == null ? List.of() : List.copyOf(playing);
        }
    }

    /** Director to a worker, cfp: games of tournament {@code tournament} are left to play ({@code left} of them). */
    @JsonTypeName("call_for_games")
    public record CallForGames(String tournament, int left) implements Catalog.Body {}

    /** Worker to director, propose: it takes up to {@code tables} games of the tournament now. */
    @JsonTypeName("games_proposal")
    public record GamesProposal(String tournament, int tables) implements Catalog.Body {}

    /**
     * Director to a worker, accept-proposal: play these games of the tournament, which the worker builds from the
     * arguments it was started with and its seed (each game replayed from the schedule's seed wherever it is played).
     */
    @JsonTypeName("games_award")
    public record GamesAward(String tournament, List<String> args, long seed, List<Integer> games)
            implements Catalog.Body {
        public GamesAward {
            Catalog.required(games, "games_award's games");
            Catalog.required(args, "games_award's args");
        }
    }

    /** Director to a worker, reject-proposal: nothing for it (every game is played or being played). */
    @JsonTypeName("games_refused")
    public record GamesRefused(String tournament, String reason) implements Catalog.Body {}

    /**
     * Worker to director, inform: a game it played has ended; its record as the results file holds it, the game's
     * journal (its opening lines and the game's round, gzipped, in base64: the director replays it and counts the
     * record only if they agree), and the worker's proof that it holds the director's key (a result stored for a
     * director that is away reaches it before the worker's next {@code worker_ready}).
     */
    @JsonTypeName("game_result")
    public record GameResult(String tournament, int number, JsonNode record, String journal, String key_proof)
            implements Catalog.Body {
        public GameResult {
            Catalog.required(record, "game_result's record");
        }
    }
}
