package maw.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import maw.config.ConfigException;
import maw.llm.ModelServer;
import maw.runtime.TransportException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code maw}: the command line. {@code ./maw --help} is the first page of the manual. */
@Command(name = "maw",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        header = {"MAW: Multi-Agent Werewolf, played by XMPP agents:",
            "rule-based bots, language models and humans."},
        description = {
            "",
            "Every participant is an agent with its own XMPP connection.",
            "Settings: maw.yaml (or --config FILE), then MAW_* environment variables,",
            "then --set KEY=VALUE and each command's flags. `maw config` shows them all.",
            ""},
        footer = {"", "Logs: var/log/maw.log (the private ejabberd's: var/xmpp/log/)."})
public final class Main implements Runnable {

    /**
     * MAW's commands, in the order {@code maw --help} lists them (picocli's {@code help} after them). Only the command
     * a command line names is built in full: picocli reads a command's every option by reflection, and building all
     * of them cost more than the JVM's own start.
     */
    static final List<Class<?>> COMMANDS = List.of(GameCommand.class, GmCommand.class, PlayerCommand.class,
            JoinCommand.class, McpCommand.class, XmppCommand.class, LlmCommand.class, AiwolfCommand.class, AiwolfNlpCommand.class,
            TournamentCommand.class, WorkerCommand.class, WebCommand.class, ControlCommand.class, BenchCommand.class,
            ConfigCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Whether a command that runs sends its libraries' logs where MAW's go (the process's own start; not tests). */
    private static volatile boolean bridgeLogs;

    public static void main(String[] args) {
        Logging.directory(Home.path());
        bridgeLogs = true;
        System.exit(execute(args));
    }

    /**
     * The command line for {@code args}: the command they name built in full (for {@code help COMMAND}, that one),
     * every other by its name and header alone, which is all {@code maw --help}, {@code --version} and a mistyped
     * command's suggestions read.
     */
    static CommandLine commandLine(String... args) {
        String named = null;
        for (int i = 0; i < args.length && named == null; i++) {
            if (!args[i].startsWith("-")) {
                named = args[i].equals("help") && i + 1 < args.length ? args[i + 1] : args[i];
            }
        }
        return build(named, false);
    }

    /** The command line with every command built in full (the tests walk it). */
    static CommandLine fullCommandLine() {
        return build(null, true);
    }

    private static CommandLine build(String named, boolean all) {
        CommandLine cl = new CommandLine(new Main());
        for (Class<?> c : COMMANDS) {
            Command a = c.getAnnotation(Command.class);
            if (all || a.name().equals(named) || Arrays.asList(a.aliases()).contains(named)) {
                cl.addSubcommand(c);
            } else {
                CommandLine.Model.CommandSpec byName = CommandLine.Model.CommandSpec.create().name(a.name())
                        .aliases(a.aliases());
                byName.usageMessage().header(a.header()).description(a.description()).hidden(a.hidden());
                cl.addSubcommand(new CommandLine(byName));
            }
        }
        cl.addSubcommand(new CommandLine.HelpCommand());
        cl.setUsageHelpWidth(120); // the descriptions are written in lines of up to about 110 characters
        HelpGroups.install(cl);
        // A page of help or the version is printed at once; the logs are set up only for a command that runs.
        cl.setExecutionStrategy(parsed -> {
            Integer printed = CommandLine.executeHelpRequest(parsed);
            if (printed != null) {
                return printed;
            }
            if (bridgeLogs) {
                Logging.bridge();
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        return cl;
    }

    /** Runs the command line and returns its exit code (tests call this). */
    public static int execute(String... args) {
        CommandLine cl = commandLine(args);
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (e instanceof ConfigException || e instanceof TransportException
                    || e instanceof ModelServer.Unavailable) {
                err.println("maw: " + e.getMessage());
                return 2;
            }
            if (e instanceof UncheckedIOException u) {
                err.println("maw: " + u.getCause().getMessage());
                return 1;
            }
            throw e;
        });
        // A bad option or value is one line naming it, as every other bad setting is; the manual is --help.
        cl.setParameterExceptionHandler((e, arguments) -> {
            CommandLine cmd = e.getCommandLine();
            PrintWriter err = cmd.getErr();
            err.println("maw: " + parameterProblem(e));
            if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                err.println("did you mean: " + String.join(", ", u.getSuggestions()) + "?");
            }
            err.println("(" + cmd.getCommandSpec().qualifiedName() + " --help shows the options)");
            return 2;
        });
        return cl.execute(args);
    }

    /** What is wrong with the command line, in MAW's words where the value is the problem. */
    static String parameterProblem(CommandLine.ParameterException e) {
        CommandLine.Model.ArgSpec arg = e.getArgSpec();
        if (arg != null && e.getValue() != null && e.getCause() instanceof CommandLine.TypeConversionException) {
            String name = arg instanceof CommandLine.Model.OptionSpec o ? o.longestName() : arg.paramLabel();
            Class<?> type = arg.type();
            String expected = type == int.class || type == Integer.class || type == long.class
                    || type == Long.class ? "a whole number"
                    : type == double.class || type == Double.class || type == float.class ? "a number"
                    : type == boolean.class || type == Boolean.class ? "true or false"
                    : type.isEnum() ? "one of " + String.join(", ", Arrays.stream(type.getEnumConstants())
                            .map(Object::toString).toList()) : "a " + type.getSimpleName();
            return "invalid value '" + e.getValue() + "' for " + name + ": " + expected;
        }
        String m = e.getMessage();
        return m == null ? "the command line is not valid" : m;
    }

    /** The MAW checkout (set by ./maw; the working directory otherwise). */
    static final class Home {
        static Path path() {
            String home = System.getProperty("maw.home");
            return Path.of(home != null ? home : ".").toAbsolutePath().normalize();
        }
    }

    /** {@code maw --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"MAW " + (v != null ? v : "0.1.0-SNAPSHOT"),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")"};
        }
    }
}
