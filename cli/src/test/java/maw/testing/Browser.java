package maw.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.function.Predicate;

/**
 * A real browser for tests: Debian's headless Chromium driven through its ChromeDriver with the W3C WebDriver
 * protocol (plain HTTP and JSON, no client library). {@link #available()} says whether both are installed ({@code
 * ./maw test} installs them as root on Debian).
 */
public final class Browser implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private final Process driver;
    private final String base;
    private final String session;
    private final HttpClient http = HttpClient.newHttpClient();

    public static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER);
    }

    public Browser() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        driver = new ProcessBuilder(DRIVER.toString(), "--port=" + port).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        base = "http://127.0.0.1:" + port;
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            try {
                if (call("GET", "/status", null).path("value").path("ready").asBoolean()) {
                    break;
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (System.nanoTime() > until) {
                throw new IllegalStateException("chromedriver did not start");
            }
            Thread.sleep(100);
        }
        ObjectNode caps = JSON.createObjectNode();
        ObjectNode always = caps.putObject("capabilities").putObject("alwaysMatch");
        always.put("browserName", "chrome");
        ObjectNode chrome = always.putObject("goog:chromeOptions");
        chrome.put("binary", CHROMIUM.toString());
        chrome.putArray("args").add("--headless=new").add("--no-sandbox").add("--disable-gpu")
                .add("--disable-dev-shm-usage").add("--window-size=1400,900");
        session = call("POST", "/session", caps).path("value").path("sessionId").asText();
    }

    private JsonNode call(String method, String path, JsonNode body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60));
        b = body == null ? b.method(method, HttpRequest.BodyPublishers.noBody())
                : b.method(method, HttpRequest.BodyPublishers.ofString(body.toString()))
                        .header("Content-Type", "application/json");
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode n = JSON.readTree(r.body());
        if (r.statusCode() >= 400) {
            throw new IllegalStateException("webdriver " + method + " " + path + ": " + r.body());
        }
        return n;
    }

    private String s(String path) {
        return "/session/" + session + path;
    }

    public void open(String url) throws Exception {
        ObjectNode b = JSON.createObjectNode();
        b.put("url", url);
        call("POST", s("/url"), b);
    }

    /** The text of the page's body. */
    public String text() throws Exception {
        return script("return document.body.innerText;").asText();
    }

    /** Runs a script in the page; its return value. */
    public JsonNode script(String js) throws Exception {
        ObjectNode b = JSON.createObjectNode();
        b.put("script", js);
        b.putArray("args");
        return call("POST", s("/execute/sync"), b).path("value");
    }

    /** Waits up to {@code wait} for the page's text to satisfy {@code test}; the text then. */
    public String waitForText(Predicate<String> test, Duration wait, String what) throws Exception {
        long until = System.nanoTime() + wait.toNanos();
        String last = "";
        while (System.nanoTime() < until) {
            last = text();
            if (test.test(last)) {
                return last;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the page never showed " + what + "; it showed:\n" + last);
    }

    /** A screenshot of the page, as PNG. */
    public void screenshot(Path to) throws Exception {
        Files.createDirectories(to.toAbsolutePath().getParent());
        Files.write(to, Base64.getDecoder().decode(call("GET", s("/screenshot"), null).path("value").asText()));
    }

    @Override
    public void close() {
        try {
            call("DELETE", s(""), null);
        } catch (Exception e) {
            // the driver goes anyway
        }
        driver.destroy();
    }
}
