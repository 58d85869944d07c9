package maw.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import maw.config.ConfigException;
import maw.runtime.Jid;

/**
 * The secret a tournament's director shares with its workers, kept in a file readable by its owner alone: a worker
 * shows it holds the key by a proof bound to its own account and the director's (an HMAC-SHA256 of both: the key
 * never travels, and a proof overheard is worth nothing to another account). The director takes part only from
 * accounts that show one.
 */
public final class WorkerKey {

    private final byte[] key;

    private WorkerKey(byte[] key) {
        this.key = key;
    }

    /**
     * The director's key in {@code file}: read when the file is there, else made (32 random bytes, hexadecimal) and
     * written there, readable by its owner alone.
     */
    public static WorkerKey forDirector(Path file) throws IOException {
        if (!Files.exists(file)) {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rw-------")));
                Files.writeString(file, HexFormat.of().formatHex(secret) + "\n");
            } catch (FileAlreadyExistsException raced) {
                // another director made it at the same instant: its key it is
            } catch (UnsupportedOperationException notPosix) {
                Files.writeString(file, HexFormat.of().formatHex(secret) + "\n");
            }
        }
        return read(file, "--worker-key-file");
    }

    /**
     * A worker's key in {@code file}, waited for up to {@code wait} while it is not there yet (a director starting
     * beside the worker writes it), telling {@code progress} once that it waits.
     */
    public static WorkerKey forWorker(Path file, Duration wait, Consumer<String> progress)
            throws IOException, InterruptedException {
        long until = System.nanoTime() + wait.toNanos();
        boolean told = false;
        while (!Files.isRegularFile(file) && System.nanoTime() < until) {
            if (!told) {
                progress.accept("waiting for the director's key at " + file + " (up to " + wait.toSeconds() + " s)");
                told = true;
            }
            Thread.sleep(200);
        }
        if (!Files.isRegularFile(file)) {
            throw new ConfigException("invalid value '" + file + "' for --key-file: no such file (the director writes "
                    + "it: ./maw tournament --workers prints where)");
        }
        return read(file, "--key-file");
    }

    private static WorkerKey read(Path file, String option) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new ConfigException("invalid value '" + file + "' for " + option + ": " + e.getMessage());
        }
        if (text.length() < 32) {
            throw new ConfigException("invalid value '" + file + "' for " + option + ": a key of at least 32 "
                    + "characters (it holds " + text.length() + ")");
        }
        return new WorkerKey(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The proof that {@code worker} holds the key, for {@code director}. */
    public String proof(Jid worker, Jid director) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] d = mac.doFinal(("maw-worker\n" + worker.bare() + "\n" + director.bare())
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether {@code proof} shows that {@code worker} holds the key (compared in constant time). */
    public boolean proves(String proof, Jid worker, Jid director) {
        return maw.runtime.Secrets.same(proof(worker, director), proof);
    }
}
