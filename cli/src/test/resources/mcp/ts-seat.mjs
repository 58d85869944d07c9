// A scripted MCP host agent made with the official TypeScript SDK: it starts `maw mcp` over stdio (the command line in
// MAW_MCP_COMMAND, a JSON array), or reaches a running one over Streamable HTTP (MAW_MCP_URL, with the seat token
// MAW_MCP_TOKEN), takes a seat and plays the game to its end, then prints what happened as one line of JSON. MAW's
// McpSeatTest and McpHttpSeatTest run it.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";

let transport;
if (process.env.MAW_MCP_URL) {
  transport = new StreamableHTTPClientTransport(new URL(process.env.MAW_MCP_URL), {
    requestInit: { headers: { Authorization: "Bearer " + process.env.MAW_MCP_TOKEN } } });
} else {
  const [command, ...args] = JSON.parse(process.env.MAW_MCP_COMMAND);
  transport = new StdioClientTransport({ command, args, env: { ...process.env }, stderr: "inherit" });
}
const client = new Client({ name: "ts-seat", version: "1.0.0" });
let listChanged = 0;
client.setNotificationHandler(ToolListChangedNotificationSchema, () => { listChanged++; });
await client.connect(transport);

const summary = { tools: [], accepted: [], refusals: [], progress: 0, over: false, turns: 0 };
summary.tools = (await client.listTools()).tools.map((t) => t.name);
const call = (name, args = {}) => client.callTool({ name, arguments: args }, undefined, {
  timeout: 120_000, resetTimeoutOnProgress: true, onprogress: () => { summary.progress++; } });
const refusal = (r) => r.isError ? (r.structuredContent?.refused ?? r.content?.[0]?.text ?? "error") : null;

summary.refusals.push(refusal(await call("next_turn", { wait_seconds: 1 })));
const joined = await call("join_table", { name: process.env.MAW_MCP_NAME });
if (joined.isError) throw new Error("join_table: " + JSON.stringify(joined.content));
let spokeIn = null;
const until = Date.now() + 150_000;
while (!summary.over && Date.now() < until) {
  const turn = (await call("next_turn", { wait_seconds: 20 })).structuredContent;
  summary.over = turn.over === true;
  if (summary.over || !turn.turn) continue;
  summary.turns++;
  const phase = `${turn.phase} ${turn.day}`;
  if (turn.you_may.includes("speak") && spokeIn !== phase) {
    spokeIn = phase;
    const r = await call("speak", { text: "A word from a TypeScript host." });
    summary.accepted.push("speak:" + (r.structuredContent?.outcome ?? refusal(r)));
  }
  for (const act of ["vote", "divine", "guard"]) {
    const targets = turn.targets[act];
    if (turn.you_may.includes(act) && targets) {
      const target = targets.find((t) => t !== turn.you) ?? targets[0];
      const r = await call(act, { target });
      summary.accepted.push(act + ":" + (r.structuredContent?.outcome ?? refusal(r)));
    }
  }
}
summary.listChanged = listChanged;
summary.guide = (await client.getPrompt({ name: "seat_guide" })).messages[0].content.text.length;
summary.rules = (await client.readResource({ uri: "maw://table/rules" })).contents[0].text.split("\n")[2];
await client.close();
console.log(JSON.stringify(summary));
