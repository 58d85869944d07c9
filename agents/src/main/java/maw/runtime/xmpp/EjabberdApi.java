package maw.runtime.xmpp;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * Creates accounts on an ejabberd through its HTTP API ({@code mod_http_api}), the way {@code maw-xmpp register}
 * does: for each account both {@code register} and {@code change_password}, all at once; one of the two succeeds
 * whether or not the account exists, so an account ends up existing with the given password. For a server in
 * another container or on another machine that lets this one provision (the docker compose ejabberd does).
 */
public final class EjabberdApi {

    private final URI base;
    private final String domain;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** @param baseUrl the API's address, such as {@code http://ejabberd:5280/api} */
    public EjabberdApi(String baseUrl, String domain) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.domain = domain;
    }

    /** Creates the accounts, or sets their passwords if they exist. */
    public void register(Map<String, String> accounts) throws IOException {
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (Map.Entry<String, String> a : accounts.entrySet()) {
            String user = a.getKey();
            calls.add(call("register", "{\"user\":" + quote(user) + ",\"host\":" + quote(domain) + ",\"password\":"
                    + quote(a.getValue()) + "}", user));
            calls.add(call("change_password", "{\"user\":" + quote(user) + ",\"host\":" + quote(domain)
                    + ",\"newpass\":" + quote(a.getValue()) + "}", user));
        }
        TreeSet<String> done = new TreeSet<>();
        String problem = null;
        for (CompletableFuture<String> c : calls) {
            try {
                done.add(c.join());
            } catch (java.util.concurrent.CompletionException e) {
                problem = e.getCause().getMessage();
            }
        }
        TreeSet<String> missing = new TreeSet<>(accounts.keySet());
        missing.removeAll(done);
        if (!missing.isEmpty()) {
            throw new IOException("could not create the accounts " + String.join(", ", missing) + " through " + base
                    + (problem == null ? "" : ": " + problem));
        }
    }

    private CompletableFuture<String> call(String command, String json, String user) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(command)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
            if (r.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + r.statusCode() + " for " + command + " " + user + ": "
                        + r.body());
            }
            return user;
        });
    }

    private static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }
}
