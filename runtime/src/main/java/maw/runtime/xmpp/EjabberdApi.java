package maw.runtime.xmpp;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Creates accounts on an ejabberd through its HTTP API ({@code mod_http_api}), the way {@code maw-xmpp register}
 * does: for each account both {@code register} and {@code change_password}, all at once; one of the two succeeds
 * whether or not the account exists, so an account ends up existing with the given password. For a server in
 * another container or on another machine that lets this one provision (the docker compose ejabberd does).
 *
 * <p>Every call authenticates as the server's provisioner ({@value #PROVISIONER}, whose password {@code maw-xmpp
 * start} writes to {@code <home>/tls/provisioner.secret}): the server answers nobody else.
 */
public final class EjabberdApi {

    /** The account the API answers; no account MAW provisions may take its name (none starts with '_'). */
    public static final String PROVISIONER = "_provisioner";

    private final URI base;
    private final String domain;
    private final String authorization;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /**
     * @param baseUrl the API's address, such as {@code http://ejabberd:5280/api}
     * @param secret  the provisioner's password
     */
    public EjabberdApi(String baseUrl, String domain, String secret) {
        this.base = URI.create(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
        this.domain = domain;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(
                (PROVISIONER + "@" + domain + ":" + secret).getBytes(StandardCharsets.UTF_8));
    }

    /** The provisioner's password as {@code maw-xmpp start} wrote it (surrounding white space removed). */
    public static String readSecret(Path file) throws IOException {
        String secret = Files.readString(file).strip();
        if (secret.isEmpty()) {
            throw new IOException("the provisioner's password file " + file + " is empty");
        }
        return secret;
    }

    /** Creates the accounts, or sets their passwords if they exist. */
    public void register(Map<String, String> accounts) throws IOException {
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (Map.Entry<String, String> a : accounts.entrySet()) {
            String user = a.getKey();
            if (user.startsWith("_")) {
                throw new IOException("the account name " + user + " is reserved (no account name starts with '_')");
            }
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
            } catch (CompletionException e) {
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

    /** Which of these accounts have a session logged in now (another program runs as them). */
    public SortedSet<String> online(Collection<String> users) throws IOException {
        Map<String, CompletableFuture<HttpResponse<String>>> calls = new LinkedHashMap<>();
        for (String user : users) {
            HttpRequest request = HttpRequest.newBuilder(base.resolve("user_resources")).timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json").header("Authorization", authorization)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"user\":" + quote(user) + ",\"host\":"
                            + quote(domain) + "}")).build();
            calls.put(user, http.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
        }
        TreeSet<String> online = new TreeSet<>();
        for (Map.Entry<String, CompletableFuture<HttpResponse<String>>> c : calls.entrySet()) {
            HttpResponse<String> r;
            try {
                r = c.getValue().join();
            } catch (CompletionException e) {
                throw new IOException("could not ask " + base + " who is logged in: " + e.getCause().getMessage(), e);
            }
            if (r.statusCode() != 200) {
                throw new IOException("could not ask " + base + " who is logged in (HTTP " + r.statusCode() + "): "
                        + r.body());
            }
            if (!r.body().strip().equals("[]")) {
                online.add(c.getKey());
            }
        }
        return online;
    }

    /**
     * Registers {@code nick} in the multi-user chat {@code service} to {@code account} (ejabberd's {@code
     * muc_register_nick}): no other account enters a room of that service, or changes its nickname, under it. False if
     * another account holds it; an account holds one nickname per service, so this replaces the account's last.
     */
    public boolean registerNick(String nick, String account, String service) throws IOException {
        HttpResponse<String> r = send("muc_register_nick", "{\"nick\":" + quote(nick) + ",\"jid\":" + quote(account)
                + ",\"service\":" + quote(service) + "}");
        if (r.statusCode() == 200) {
            return true;
        }
        if (r.body().contains("already registered")) {
            return false;
        }
        throw new IOException("could not register the nickname " + nick + " to " + account + " at " + service
                + " (HTTP " + r.statusCode() + "): " + r.body());
    }

    /** Frees the nickname {@code account} holds in {@code service} (ejabberd's {@code muc_unregister_nick}). */
    public void unregisterNick(String account, String service) throws IOException {
        HttpResponse<String> r = send("muc_unregister_nick", "{\"jid\":" + quote(account) + ",\"service\":"
                + quote(service) + "}");
        if (r.statusCode() != 200) {
            throw new IOException("could not free the nickname of " + account + " at " + service + " (HTTP "
                    + r.statusCode() + "): " + r.body());
        }
    }

    private HttpResponse<String> send(String command, String json) throws IOException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(command)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").header("Authorization", authorization)
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while calling " + command, e);
        }
    }

    private CompletableFuture<String> call(String command, String json, String user) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(command)).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json").header("Authorization", authorization).POST(HttpRequest.BodyPublishers.ofString(json)).build();
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
