package maw.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import maw.config.ConfigException;

/**
 * Tokens a command is given, never as a command-line argument (every local user reads those in {@code ps}): from a
 * file ({@code --token-file FILE}), from standard input ({@code --token-file -}), or from the environment.
 */
final class Tokens {

    private Tokens() {}

    /**
     * The token {@code file} holds (its first line; {@code -}: standard input's first line), else the environment's
     * {@code env}; null when neither gives one.
     *
     * @param refused what {@code --token} was given, refused with how to give it instead (null: not given)
     */
    static String read(String refused, Path file, String env) {
        if (refused != null) {
            throw new ConfigException("--token: a token on the command line is readable by every user of the machine "
                    + "(ps); give it with --token-file FILE, --token-file - (standard input) or " + env);
        }
        if (file != null) {
            String line;
            try {
                line = file.toString().equals("-")
                        ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine()
                        : Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse(null);
            } catch (IOException e) {
                throw new ConfigException("invalid value '" + file + "' for --token-file: " + e.getMessage());
            }
            if (line == null || line.isBlank()) {
                throw new ConfigException("invalid value '" + file + "' for --token-file: it holds no token");
            }
            return line.strip();
        }
        String fromEnv = System.getenv(env);
        return fromEnv == null || fromEnv.isBlank() ? null : fromEnv.strip();
    }
}
