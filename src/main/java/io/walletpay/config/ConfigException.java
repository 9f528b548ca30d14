package io.walletpay.config;

import java.util.List;

/**
 * Configuration that cannot be used: one line per problem, each naming the key and its environment variable, so
 * start-up can stop with lines a deployer can act on.
 */
public final class ConfigException extends RuntimeException {

    private final List<String> lines;

    public ConfigException(String key, String problem) {
        this(List.of(line(key, problem)));
    }

    public ConfigException(List<String> lines) {
        super(String.join("; ", lines));
        this.lines = List.copyOf(lines);
    }

    public List<String> lines() {
        return lines;
    }

    /** {@code configuration key 'k' (WALLETPAY_K): problem}, the shape of every start-up refusal. */
    public static String line(String key, String problem) {
        return "configuration key '" + key + "' (" + EnvOverrides.variableFor(key) + "): " + problem;
    }
}
