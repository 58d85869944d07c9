package maw.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A GameMaster's watch token in its game's directory ({@code watch.token}, readable by its owner alone), so that the
 * host's commands take it from a file ({@code ./maw web --token-file}, {@code ./maw control --token-file}) rather
 * than from a command line every user of the machine can read.
 */
public final class WatchToken {

    /** The file's name in a game's directory. */
    public static final String FILE = "watch.token";

    private WatchToken() {}

    /** Writes {@code token} to {@code dir/watch.token}, replacing the one of an earlier start. */
    public static void write(Path dir, String token) {
        try {
            Path tmp = Files.createTempFile(dir, ".watch", ".token",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, token + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
