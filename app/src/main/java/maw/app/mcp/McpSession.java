package maw.app.mcp;

import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The seat an MCP server plays and the server's tool list for it: over stdio the process's one session, over
 * Streamable HTTP every session that shows the seat's token (a host that lost its session opens another and finds its
 * seat where it left it).
 */
final class McpSession implements McpTools.Table {
    private final McpSeatServer.Table table;
    private final McpTools tools = new McpTools(this);
    /** Each act tool's schema as the host was last given it. */
    private final Map<String, Object> listed = new HashMap<>();
    private volatile McpSyncServer server;
    private volatile McpSeat seat;
    private volatile String holder;

    McpSession(McpSeatServer.Table table) {
        this.table = table;
    }

    /** Every tool, as listed before the game (each remembered as given). */
    synchronized List<SyncToolSpecification> tools() {
        List<SyncToolSpecification> all = tools.all(null);
        all.forEach(t -> listed.put(t.tool().name(), t.tool().inputSchema()));
        return all;
    }

    /** The server whose tool list this session changes. */
    void serving(McpSyncServer s) {
        this.server = s;
    }

    McpSeatServer.Table table() {
        return table;
    }

    /** The resources and prompts of this session's seat. */
    McpGuide guide() {
        return new McpGuide(this, table.prompts());
    }

    @Override
    public String holder() {
        return holder;
    }

    @Override
    public void hold(String session) {
        holder = session;
    }

    @Override
    public McpSeat seat() {
        return seat;
    }

    @Override
    public synchronized McpSeat join(String name) throws Exception {
        if (seat == null) {
            seat = McpSeat.join(table.network(), table.accounts(name), name, table.patience());
        }
        return seat;
    }

    @Override
    public synchronized void leave() {
        if (seat != null) {
            seat.close();
        }
    }

    @Override
    public synchronized void toolsChanged(List<SyncToolSpecification> acts) {
        McpSyncServer s = server;
        if (s == null) {
            return;
        }
        for (SyncToolSpecification t : acts) {
            Object schema = t.tool().inputSchema();
            if (!schema.equals(listed.get(t.tool().name()))) {
                // The tool of that name is replaced, and the host told that the list changed.
                listed.put(t.tool().name(), schema);
                s.addTool(t);
            }
        }
    }
}
