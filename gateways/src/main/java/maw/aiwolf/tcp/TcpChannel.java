package maw.aiwolf.tcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import maw.aiwolf.link.AgentLink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An AIWolf agent's TCP connection under its {@link AgentLink}: a packet is a line out, an answer a line in, read on a
 * thread of its own and bounded to {@link AgentLink#LONGEST_LINE} characters.
 */
final class TcpChannel implements AgentLink.Channel {

    private static final Logger LOG = LoggerFactory.getLogger(TcpChannel.class);

    /** Whether the server acknowledges what agents write at once ({@code -Dmaw.aiwolf.quickack=false}: not). */
    static final boolean QUICK_ACK = !"false".equals(System.getProperty("maw.aiwolf.quickack"));

    private final Socket socket;
    private final OutputStream out;

    private TcpChannel(Socket socket) throws IOException {
        socket.setTcpNoDelay(true);
        this.socket = socket;
        this.out = socket.getOutputStream();
    }

    /** A new link for the agent {@code name} on {@code socket}, whose lines come from {@code in}. */
    static AgentLink link(String name, Socket socket, BufferedReader in) throws IOException {
        AgentLink link = new AgentLink(name, null);
        TcpChannel c = new TcpChannel(socket);
        c.read(link, in, link.attach(c));
        return link;
    }

    /**
     * Puts {@code link} on the connection of the same agent come back. A connection that cannot be taken (it failed at
     * once) is closed, and the seat stays without one.
     */
    static void replace(AgentLink link, Socket socket, BufferedReader in) {
        TcpChannel c;
        try {
            c = new TcpChannel(socket);
        } catch (IOException e) {
            LOG.info("agent {}: the connection come back failed: {}", link.name(), e.getMessage());
            close(socket);
            return;
        }
        c.read(link, in, link.replace(c));
    }

    private void read(AgentLink link, BufferedReader in, int gen) {
        boolean quick = QUICK_ACK && quickAck(socket);
        Thread.ofVirtual().name("aiwolf-tcp-" + link.name()).start(() -> {
            try {
                for (String l = readLine(in); l != null; l = readLine(in)) {
                    link.received(gen, l);
                    if (quick) {
                        quickAck(socket); // Linux turns quick acknowledgements off again after a while: on each time
                    }
                }
            } catch (LineTooLong e) {
                LOG.info("agent {}: {}: its connection is closed", link.name(), e.getMessage());
                close(socket);
            } catch (IOException e) {
                // the connection went: below
            }
            link.received(gen, null);
        });
    }

    @Override
    public void send(String packet) throws IOException {
        out.write((packet + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    @Override
    public void close() {
        close(socket);
    }

    @Override
    public boolean open() {
        return !socket.isClosed();
    }

    @Override
    public String remote() {
        return String.valueOf(socket.getRemoteSocketAddress());
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // gone already
        }
    }

    /** An agent's line past {@link AgentLink#LONGEST_LINE}. */
    static final class LineTooLong extends IOException {
        LineTooLong() {
            super("a line longer than " + AgentLink.LONGEST_LINE + " characters");
        }
    }

    /**
     * The next line from an agent, without its end ({@code \n}, or {@code \r\n}); null at the end of the stream.
     *
     * @throws IOException also when the line is longer than {@link AgentLink#LONGEST_LINE}: the connection is then
     *                     given up
     */
    static String readLine(BufferedReader in) throws IOException {
        // (read by character from the buffer: a line is cut off where it passes the bound, never held whole)
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                return line.isEmpty() ? null : line.toString();
            }
            if (line.length() == AgentLink.LONGEST_LINE) {
                throw new LineTooLong();
            }
            line.append((char) c);
        }
        int end = line.length();
        return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
    }

    /**
     * Asks the kernel to acknowledge what arrives on {@code s} at once rather than after its delayed-ACK timer (Linux's
     * TCP_QUICKACK): an agent that leaves Nagle's algorithm on waits for that acknowledgement before it writes more.
     * False where the option is not there.
     */
    private static boolean quickAck(Socket s) {
        try {
            if (s.supportedOptions().contains(jdk.net.ExtendedSocketOptions.TCP_QUICKACK)) {
                s.setOption(jdk.net.ExtendedSocketOptions.TCP_QUICKACK, true);
                return true;
            }
        } catch (IOException | UnsupportedOperationException e) {
            // not on this system
        }
        return false;
    }
}
