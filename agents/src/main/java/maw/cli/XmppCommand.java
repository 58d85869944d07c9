package maw.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
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
            "",
            "The same script runs without Java: xmpp-config/maw-xmpp --help"})
final class XmppCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @picocli.CommandLine.Option(names = "--open-registration", description = "with start: let any process on this "
            + "machine create accounts in-band (XEP-0077, SPADE's auto_register); closed by default")
    boolean openRegistration;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "start, stop, restart, status, register, env, ctl")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        MawConfig config = options.load();
        List<String> cmd = new ArrayList<>();
        cmd.add(config.home().resolve("xmpp-config").resolve("maw-xmpp").toString());
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
        Map<String, String> env = pb.environment();
        env.put("MAW_XMPP_HOME", config.path(Setting.XMPP_HOME).toString());
        env.put("MAW_XMPP_PORT", Integer.toString(config.port(Setting.XMPP_PORT)));
        env.put("MAW_XMPP_HTTP_PORT", Integer.toString(config.port(Setting.XMPP_HTTP_PORT)));
        env.put("MAW_XMPP_DIST_PORT", Integer.toString(config.port(Setting.XMPP_DIST_PORT)));
        env.put("MAW_XMPP_DOMAIN", config.string(Setting.XMPP_DOMAIN));
        if (openRegistration) {
            env.put("MAW_XMPP_OPEN_REGISTRATION", "1");
        }
        return pb.start().waitFor();
    }
}
