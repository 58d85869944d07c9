package maw.llm.standin;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The stand-in's HTTP/1.1 server: requests with a body of known length (or chunked), keep-alive, responses of a fixed
 * length or chunked. Unlike the JDK's server it sees a client hang up while a request is being served (a model
 * server's client that cancels a call closes its connection), so that a slot stops "generating" as llama.cpp and
 * Ollama stop theirs: {@link Exchange#cancelled()}.
 */
final class StandInHttp implements AutoCloseable {

    /** Serves one request. */
    @FunctionalInterface
    interface Handler {
        void handle(Exchange x) throws IOException;
    }

    /** How often the connection is looked at while its request is served. */
    private static final int WATCH_MILLIS = 25;
    /** How long an idle keep-alive connection is kept. */
    private static final int IDLE_MILLIS = 120_000;
    private static final int MAX_HEADER = 64 * 1024;

    private final ServerSocket server;
    private final ExecutorService connections;
    private final ExecutorService handlers;
    private final Handler handler;
    private volatile boolean closed;

    StandInHttp(InetAddress bind, int port, int backlog, Handler handler) throws IOException {
        this.handler = handler;
        server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(bind, port), backlog);
        // Platform threads: a connection's thread waits in a socket read, which would hold a virtual thread's carrier
        // on older JDKs no better.
        connections = Executors.newCachedThreadPool(r -> daemon(r, "ollama-standin-conn"));
        handlers = Executors.newCachedThreadPool(r -> daemon(r, "ollama-standin"));
        Thread acceptor = daemon(this::accept, "ollama-standin-accept");
        acceptor.start();
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    int port() {
        return server.getLocalPort();
    }

    InetAddress address() {
        return server.getInetAddress();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        connections.shutdownNow();
        handlers.shutdownNow();
    }

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                continue;
            }
            try {
                connections.execute(() -> serve(s));
            } catch (RuntimeException e) {
                quietly(s);
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            PushbackInputStream in = new PushbackInputStream(new BufferedInputStream(socket.getInputStream()), 1);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            while (!closed) {
                socket.setSoTimeout(IDLE_MILLIS);
                Exchange x;
                try {
                    x = read(in, out);
                } catch (SocketTimeoutException e) {
                    return; // idle
                }
                if (x == null) {
                    return;
                }
                Future<?> serving = handlers.submit(() -> {
                    try (x) {
                        handler.handle(x);
                    } catch (IOException | RuntimeException e) {
                        x.cancel();
                    }
                    return null;
                });
                // While the request is served, the client may hang up (a cancelled call): look every few ms.
                socket.setSoTimeout(WATCH_MILLIS);
                boolean more = false;
                while (!serving.isDone()) {
                    try {
                        int b = in.read();
                        if (b < 0) {
                            x.cancel();
                            break;
                        }
                        in.unread(b); // the next request, sent early
                        more = true;
                        break;
                    } catch (SocketTimeoutException e) {
                        // still connected
                    } catch (IOException e) {
                        x.cancel();
                        break;
                    }
                }
                try {
                    serving.get(10, TimeUnit.MINUTES);
                } catch (Exception e) {
                    return;
                }
                if (x.cancelled() || x.closeAfter()) {
                    return;
                }
                if (!more && closed) {
                    return;
                }
            }
        } catch (IOException e) {
            // the connection is gone
        }
    }

    private static void quietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // gone
        }
    }

    /** Reads one request; null at the end of the connection. */
    private static Exchange read(PushbackInputStream in, OutputStream out) throws IOException {
        String line = line(in);
        while (line != null && line.isEmpty()) {
            line = line(in);
        }
        if (line == null) {
            return null;
        }
        String[] parts = line.split(" ");
        if (parts.length < 3) {
            throw new IOException("bad request line: " + line);
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        int size = 0;
        for (String h = line(in); h != null && !h.isEmpty(); h = line(in)) {
            size += h.length();
            if (size > MAX_HEADER) {
                throw new IOException("headers too large");
            }
            int colon = h.indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(h.substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(h.substring(colon + 1).strip());
            }
        }
        byte[] body;
        String length = first(headers, "content-length");
        if ("chunked".equalsIgnoreCase(first(headers, "transfer-encoding"))) {
            body = chunked(in);
        } else if (length != null) {
            body = in.readNBytes(Integer.parseInt(length.strip()));
        } else {
            body = new byte[0];
        }
        boolean close = "close".equalsIgnoreCase(first(headers, "connection"))
                || parts[2].equals("HTTP/1.0") && !"keep-alive".equalsIgnoreCase(first(headers, "connection"));
        return new Exchange(parts[0], URI.create(parts[1]), headers, body, out, close);
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? null : v.getFirst();
    }

    private static byte[] chunked(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        while (true) {
            String size = line(in);
            if (size == null) {
                throw new IOException("the chunked body ended early");
            }
            int semi = size.indexOf(';');
            int n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).strip(), 16);
            if (n == 0) {
                for (String t = line(in); t != null && !t.isEmpty(); t = line(in)) {
                    // trailers: none used
                }
                return b.toByteArray();
            }
            b.write(in.readNBytes(n));
            line(in);
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
            if (b.size() > MAX_HEADER) {
                throw new IOException("line too long");
            }
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }

    /** One request and its response, as the stand-in's routes use them (in the manner of the JDK's HttpExchange). */
    static final class Exchange implements AutoCloseable {
        private final String method;
        private final URI uri;
        private final Map<String, List<String>> headers;
        private final byte[] body;
        private final OutputStream socket;
        private final boolean closeAfter;
        private final Map<String, String> responseHeaders = new LinkedHashMap<>();
        private OutputStream responseBody;
        private boolean chunked;
        private volatile boolean cancelled;

        Exchange(String method, URI uri, Map<String, List<String>> headers, byte[] body, OutputStream socket,
                boolean closeAfter) {
            this.method = method;
            this.uri = uri;
            this.headers = headers;
            this.body = body;
            this.socket = socket;
            this.closeAfter = closeAfter;
        }

        String method() {
            return method;
        }

        String path() {
            return uri.getPath();
        }

        byte[] body() {
            return body;
        }

        /** A request header's first value (any case), or null. */
        String header(String name) {
            return first(headers, name.toLowerCase(Locale.ROOT));
        }

        void responseHeader(String name, String value) {
            responseHeaders.put(name, value);
        }

        /** Whether the client hung up before the response was whole. */
        boolean cancelled() {
            return cancelled;
        }

        void cancel() {
            cancelled = true;
        }

        boolean closeAfter() {
            return closeAfter;
        }

        /** The status and headers; {@code length} 0: a chunked body follows, -1: none. */
        void send(int status, long length) throws IOException {
            StringBuilder h = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason(status))
                    .append("\r\n");
            responseHeaders.forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
            if (length == 0) {
                chunked = true;
                h.append("Transfer-Encoding: chunked\r\n");
            } else {
                h.append("Content-Length: ").append(Math.max(0, length)).append("\r\n");
            }
            h.append("Date: ").append(java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME
                    .format(java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC))).append("\r\n");
            if (closeAfter) {
                h.append("Connection: close\r\n");
            }
            h.append("\r\n");
            socket.write(h.toString().getBytes(StandardCharsets.ISO_8859_1));
            responseBody = chunked ? new Chunks(socket) : socket;
            socket.flush();
        }

        OutputStream responseBody() {
            return responseBody;
        }

        @Override
        public void close() throws IOException {
            if (responseBody instanceof Chunks c) {
                c.finish();
            }
            socket.flush();
        }

        private static String reason(int status) {
            return switch (status) {
                case 200 -> "OK";
                case 400 -> "Bad Request";
                case 401 -> "Unauthorized";
                case 404 -> "Not Found";
                case 500 -> "Internal Server Error";
                case 503 -> "Service Unavailable";
                default -> "Status";
            };
        }
    }

    /** A chunked body: each flush sends what was written as one chunk. */
    private static final class Chunks extends OutputStream {
        private final OutputStream out;
        private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
        private boolean finished;

        Chunks(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            pending.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            pending.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            if (pending.size() > 0) {
                out.write((Integer.toHexString(pending.size()) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                pending.writeTo(out);
                out.write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
                pending.reset();
            }
            out.flush();
        }

        void finish() throws IOException {
            if (finished) {
                return;
            }
            finished = true;
            flush();
            out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
        }

        @Override
        public void close() throws IOException {
            finish();
        }
    }
}
