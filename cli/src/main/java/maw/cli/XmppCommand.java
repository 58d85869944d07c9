package maw.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import maw.config.ConfigException;
import maw.config.MawConfig;
import maw.config.Setting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code maw xmpp ...}: the private ejabberd, through {@code xmpp-config/maw-xmpp} with the configured settings. */
@Command(header = "Control the private ejabberd.", name = "xmpp", mixinStandardHelpOptions = true,
        description = {"Control the private ejabberd (loopback only, its own config, spool and logs in xmpp.home).",
            "",
            "  start                      install ejabberd if missing (as root), start, wait until ready",
            "                             (--open-registration: anyone on this machine may create accounts)",
            "  stop | restart | status",
            "  register NAME:PASSWORD...  create accounts, or reset their passwords, in one bulk call",
            "  register --file FILE       the same from a file of NAME:PASSWORD lines",
            "  env                        the instance's settings as shell variables",
            "  ctl ARGS...                an ejabberdctl command against the instance",
            "  install [PACKAGE...]       as root: ejabberd, curl and openssl where missing (or the Debian packages",
            "                             named), waiting up to 5 minutes for another apt-get's package lock",
            "  cluster start [--nodes N]  a private cluster of N nodes on this machine (xmpp.cluster.*), node K on",
            "                             the K-th loopback address from xmpp.cluster.first-address, all joined",
            "  cluster status | stop      each node, its connections and the nodes it sees; stop them all",
            "",
            "A cluster over several machines: on each, ./maw xmpp start with xmpp.cluster.address (this machine's",
            "address), and on all but the first xmpp.cluster.join (the first's node, maw@ADDRESS), one",
            "xmpp.cluster.cookie file and xmpp.cluster.tls-from (a copy of the first's tls directory).",
            "",
            "The same script runs without Java: xmpp-config/maw-xmpp --help"})
final class XmppCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @picocli.CommandLine.Option(names = "--open-registration", description = "with start: let any process on this "
            + "machine create accounts in-band (XEP-0077, SPADE's auto_register); closed by default")
    boolean openRegistration;

    @picocli.CommandLine.Option(names = "--nodes", description = "with cluster start: how many nodes (default: "
            + "xmpp.cluster.nodes)")
    Integer nodes;

    @Parameters(arity = "1..*", paramLabel = "COMMAND",
            description = "start, stop, restart, status, register, env, ctl, install, cluster")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        MawConfig config = options.load();
        boolean cluster = command.getFirst().equals("cluster");
        if (nodes != null && !(cluster && command.size() > 1 && command.get(1).equals("start"))) {
            throw new ConfigException("--nodes goes with cluster start");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(config.home().resolve("xmpp-config").resolve("maw-xmpp").toString());
        cmd.addAll(command);
        if (cluster && command.size() > 1 && command.get(1).equals("start")) {
            cmd.addAll(List.of("--nodes", Integer.toString(nodes != null ? nodes
                    : config.integer(Setting.XMPP_CLUSTER_NODES, 1, 16)), "--first-address",
                    config.string(Setting.XMPP_CLUSTER_FIRST_ADDRESS).strip()));
            if (nodes != null && (nodes < 1 || nodes > 16)) {
                throw new ConfigException("--nodes must be 1 to 16");
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        Map<String, String> env = pb.environment();
        env.put("MAW_XMPP_HOME", config.path(cluster ? Setting.XMPP_CLUSTER_HOME : Setting.XMPP_HOME).toString());
        if (!cluster) {
            // This machine's node of a cluster over several machines.
            String address = config.string(Setting.XMPP_CLUSTER_ADDRESS).strip();
            if (!address.isEmpty()) {
                env.put("MAW_XMPP_LISTEN", address);
                env.put("MAW_XMPP_NODE", "maw@" + address);
            }
            putIfSet(env, "MAW_XMPP_JOIN", config.string(Setting.XMPP_CLUSTER_JOIN).strip());
            Path cookie = config.path(Setting.XMPP_CLUSTER_COOKIE);
            putIfSet(env, "MAW_XMPP_COOKIE", cookie == null ? "" : cookie.toString());
            Path tls = config.path(Setting.XMPP_CLUSTER_TLS_FROM);
            putIfSet(env, "MAW_XMPP_TLS_FROM", tls == null ? "" : tls.toString());
        }
        env.put("MAW_XMPP_PORT", Integer.toString(config.port(Setting.XMPP_PORT)));
        env.put("MAW_XMPP_HTTP_PORT", Integer.toString(config.port(Setting.XMPP_HTTP_PORT)));
        env.put("MAW_XMPP_DIST_PORT", Integer.toString(config.port(Setting.XMPP_DIST_PORT)));
        env.put("MAW_XMPP_DOMAIN", config.string(Setting.XMPP_DOMAIN));
        if (openRegistration || config.flag(Setting.XMPP_OPEN_REGISTRATION)) {
            env.put("MAW_XMPP_OPEN_REGISTRATION", "1");
        }
        return pb.start().waitFor();
    }

    private static void putIfSet(Map<String, String> env, String name, String value) {
        if (!value.isEmpty()) {
            env.put(name, value);
        }
    }
}
