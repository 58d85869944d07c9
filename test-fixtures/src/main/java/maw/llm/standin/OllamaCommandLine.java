package maw.llm.standin;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashSet;
import java.util.Set;

/** {@code ollama serve | list | pull MODEL}, answered by MAW's Ollama stand-in (the compose stack's model server). */
final class OllamaCommandLine {

    private static final ObjectMapper JSON = new ObjectMapper();

    private OllamaCommandLine() {}

    /**
     * The stand-in as Ollama's command line: {@code serve} listens on {@code OLLAMA_HOST} (default 0.0.0.0:11434)
     * with no models until one is pulled (MAW_STANDIN_MODELS: a comma-separated list to start with); {@code list} and
     * {@code pull MODEL} ask the server at {@code OLLAMA_HOST} (default 127.0.0.1:11434). It stands in for the
     * ollama/ollama image where no container registry or model weights are reachable (the compose test).
     */
    static void main(String[] args) throws Exception {
        String command = args.length == 0 ? "serve" : args[0];
        String host = System.getenv().getOrDefault("OLLAMA_HOST", "");
        switch (command) {
            case "serve" -> {
                String hostPort = host.isEmpty() ? "0.0.0.0:11434" : host.replaceFirst("^https?://", "");
                int colon = hostPort.lastIndexOf(':');
                String bind = colon < 0 ? hostPort : hostPort.substring(0, colon);
                int port = colon < 0 ? 11434 : Integer.parseInt(hostPort.substring(colon + 1));
                Set<String> start = new LinkedHashSet<>();
                for (String m : System.getenv().getOrDefault("MAW_STANDIN_MODELS", "").split(",")) {
                    if (!m.isBlank()) {
                        start.add(m.contains(":") ? m.strip() : m.strip() + ":latest");
                    }
                }
                OllamaStandIn server = new OllamaStandIn(InetAddress.getByName(bind), port, start);
                // What a call costs, as a real model's would (MAW_STANDIN_COST: instant, gpu-8b or cpu-8b), with its
                // slots (MAW_STANDIN_SLOTS) and a time scale (MAW_STANDIN_SPEED); MAW_STANDIN_LLAMACPP=1 adds
                // llama.cpp's /props and id_slot.
                var env = System.getenv();
                server.cost(CostProfile.named(env.getOrDefault("MAW_STANDIN_COST", "instant")))
                        .slots(Integer.parseInt(env.getOrDefault("MAW_STANDIN_SLOTS",
                                env.getOrDefault("OLLAMA_NUM_PARALLEL", "1"))))
                        .speed(Double.parseDouble(env.getOrDefault("MAW_STANDIN_SPEED", "1")))
                        .llamaCpp("1".equals(env.get("MAW_STANDIN_LLAMACPP")));
                System.out.printf("Listening on %s:%d (an Ollama stand-in: answers as MAW's game brain, no model "
                        + "weights; costs %s, %d slot(s))%n", bind, server.port(), server.costName(),
                        server.slotCount());
                Thread.currentThread().join();
            }
            case "list", "pull" -> {
                String base = host.isEmpty() ? "http://127.0.0.1:11434" : host.startsWith("http") ? host
                        : "http://" + host;
                HttpClient client = HttpClient.newHttpClient();
                HttpRequest request = command.equals("list")
                        ? HttpRequest.newBuilder(URI.create(base + "/api/tags")).build()
                        : HttpRequest.newBuilder(URI.create(base + "/api/pull"))
                                .POST(HttpRequest.BodyPublishers.ofString(JSON.createObjectNode().put("model",
                                        args.length > 1 ? args[1] : "").put("stream", false).toString())).build();
                HttpResponse<String> r = client.send(request,
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    System.err.println("Error: " + r.body());
                    System.exit(1);
                }
                if (command.equals("list")) {
                    System.out.println("NAME");
                    JSON.readTree(r.body()).path("models").forEach(m -> System.out.println(m.path("name").asText()));
                } else {
                    System.out.println(r.body().contains("success") ? "success" : r.body());
                }
            }
            default -> {
                System.err.println("usage: ollama serve | list | pull MODEL");
                System.exit(2);
            }
        }
    }
}
