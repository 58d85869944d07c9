package maw.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay between a client and a server whose connections a test can cut, as a network that drops them would:
 * {@link #cut} closes every connection it carries (both ends see the connection end), and new ones are relayed again.
 */
public final class CuttableProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();

    /** A relay on a free loopback port to {@code port} on the loopback address. */
    public CuttableProxy(int port) throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("proxy-accept").start(() -> {
            while (!listener.isClosed()) {
                try {
                    Socket client = listener.accept();
                    Socket server = new Socket(InetAddress.getLoopbackAddress(), port);
                    client.setTcpNoDelay(true);
                    server.setTcpNoDelay(true);
                    open.add(client);
                    open.add(server);
                    synchronized (accepted) {
                        accepted.incrementAndGet();
                        accepted.notifyAll();
                    }
                    pump(client, server);
                    pump(server, client);
                } catch (IOException e) {
                    // closed
                }
            }
        });
    }

    private void pump(Socket from, Socket to) {
        Thread.ofPlatform().daemon().name("proxy-pump").start(() -> {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // cut, or closed by an end
            } finally {
                quietly(from);
                quietly(to);
            }
        });
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Connections relayed so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Waits up to {@code wait} until {@code n} connections have been relayed; whether they have. */
    public boolean awaitAccepted(int n, java.time.Duration wait) throws InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        synchronized (accepted) {
            for (long left = wait.toNanos(); accepted.get() < n && left > 0; left = until - System.nanoTime()) {
                java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(accepted, left);
            }
            return accepted.get() >= n;
        }
    }

    /** Cuts every connection under way. */
    public void cut() {
        for (Socket s : open) {
            quietly(s);
        }
        open.clear();
    }

    private static void quietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
    }
}
