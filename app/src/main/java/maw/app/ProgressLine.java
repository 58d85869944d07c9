package maw.app;

import java.io.PrintStream;
import java.util.Locale;
import maw.llm.ModelServer;

/**
 * A pull's progress: on a terminal one line rewritten in place; otherwise a line per status and per tenth of each
 * layer, so that logs stay short.
 */
public final class ProgressLine {
    private final PrintStream out;
    private final boolean terminal;
    private String lastStatus = "";
    private long lastTenth = -1;
    private boolean open;

    public ProgressLine(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    public void show(ModelServer.Progress p) {
        String status = p.status();
        String text = status;
        long tenth = -1;
        if (p.total() > 0) {
            double share = (double) p.completed() / p.total();
            tenth = (long) Math.floor(share * 10);
            text = String.format(Locale.ROOT, "%s %5.1f%% (%s of %s)", status, share * 100, bytes(p.completed()),
                    bytes(p.total()));
        }
        if (terminal) {
            out.print("\r" + text + " ".repeat(Math.max(0, 10)));
            out.flush();
            open = true;
            if (p.total() <= 0) {
                out.println();
                open = false;
            }
        } else if (!status.equals(lastStatus) || tenth != lastTenth) {
            out.println(text);
        }
        lastStatus = status;
        lastTenth = tenth;
    }

    public void done() {
        if (open) {
            out.println();
        }
    }

    public static String bytes(long n) {
        if (n >= 1L << 30) {
            return String.format(Locale.ROOT, "%.2f GB", n / (double) (1L << 30));
        }
        if (n >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MB", n / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.1f KB", n / 1024.0);
    }
}
