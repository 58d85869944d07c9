package maw.runtime.xmpp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * Plain sockets with TCP_NODELAY. Without it, small stanzas wait for delayed ACKs: with stream management on, the
 * round-trip p99 measured 90 ms instead of under 1 ms on loopback.
 */
final class NoDelaySocketFactory extends SocketFactory {

    private static Socket noDelay(Socket s) throws IOException {
        s.setTcpNoDelay(true);
        return s;
    }

    @Override
    public Socket createSocket() throws IOException {
        return noDelay(new Socket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return noDelay(new Socket(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return noDelay(new Socket(host, port, localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return noDelay(new Socket(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return noDelay(new Socket(address, port, localAddress, localPort));
    }
}
