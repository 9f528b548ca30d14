package io.walletpay.config;

/** A configuration value that cannot be used; the message names the key so start-up can stop with one clear line. */
public final class ConfigException extends RuntimeException {

    public ConfigException(String key, String problem) {
        super("configuration key '" + key + "': " + problem);
    }
}
