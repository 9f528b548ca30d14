package io.walletpay.mail;

import io.vertx.ext.mail.LoginOption;
import io.vertx.ext.mail.MailConfig;
import io.vertx.ext.mail.StartTLSOptions;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The SMTP server letters go through and the address they come from. {@code username} null: the server is not
 * logged in to. {@code ssl}: TLS from the first byte (port 465); otherwise {@code starttls} says whether the plain
 * connection must, may or must not be turned into TLS. {@code timeout} bounds opening the connection and each wait
 * for the server's answer, so a server that stops answering fails a letter instead of holding it.
 */
public record MailSettings(
        String host,
        int port,
        String from,
        String username,
        String password,
        StartTls starttls,
        boolean ssl,
        Duration timeout) {

    /** How long a connection may take to open, and the server to answer each step, in a running service. */
    public static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** STARTTLS on a plain connection: the server must offer it, may, or it is not asked for. */
    public enum StartTls {
        REQUIRED,
        OPTIONAL,
        DISABLED
    }

    public MailSettings {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(starttls, "starttls");
        Objects.requireNonNull(timeout, "timeout");
    }

    /**
     * The Vert.x client's configuration. The server's certificate must name {@code host} (the client checks no name
     * unless told to); one connection per letter, closed after it: invitations are few, and a pooled connection the
     * server dropped meanwhile would only fail the next one.
     */
    MailConfig mailConfig() {
        int millis = Math.toIntExact(timeout.toMillis());
        return new MailConfig()
                .setHostname(host)
                .setPort(port)
                .setSsl(ssl)
                .setStarttls(
                        switch (starttls) {
                            case REQUIRED -> StartTLSOptions.REQUIRED;
                            case OPTIONAL -> StartTLSOptions.OPTIONAL;
                            case DISABLED -> StartTLSOptions.DISABLED;
                        })
                .setHostnameVerificationAlgorithm("HTTPS")
                .setLogin(username == null ? LoginOption.DISABLED : LoginOption.REQUIRED)
                .setUsername(username)
                .setPassword(password)
                .setConnectTimeout(millis)
                .setIdleTimeout(millis)
                .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
                .setKeepAlive(false)
                .setUserAgent("walletpay");
    }

    /** Never prints the password. */
    @Override
    public String toString() {
        return "MailSettings[host=" + host + ", port=" + port + ", from=" + from + ", username=" + username
                + ", password=" + (password == null ? "none" : "***") + ", starttls=" + starttls + ", ssl=" + ssl
                + ", timeout=" + timeout + "]";
    }
}
