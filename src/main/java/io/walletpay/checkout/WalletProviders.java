package io.walletpay.checkout;

import io.vertx.core.Vertx;
import io.walletpay.config.AppConfig;
import io.walletpay.config.LiveProviderSettings;
import io.walletpay.error.ErrorKind;
import io.walletpay.error.ServiceException;
import java.time.Duration;
import java.util.List;

/**
 * The wallet providers this deployment can reach, by the name each payment and transfer keeps ({@code sandbox},
 * {@code moncash}), so a refund, a confirmation or an expiry always reaches the provider that took the payment. New
 * payments and payouts go to the current provider ({@code provider.mode}); the sandbox is always held beside it, as
 * objects of another mode may name it, and test mode's objects always do ({@link #forMode}). The one place a provider
 * is chosen.
 */
public final class WalletProviders {

    public static final String SANDBOX = "sandbox";
    public static final String MONCASH = "moncash";

    private final WalletProvider current;
    private final WalletProvider sandbox;
    private final WalletProvider moncash;

    /**
     * @param current the provider new payments and payouts go to; one of the others
     * @param moncash the live provider, or null where none is configured
     */
    public WalletProviders(WalletProvider current, WalletProvider sandbox, WalletProvider moncash) {
        if (current != sandbox && current != moncash) {
            throw new IllegalArgumentException("the current provider must be one of those held");
        }
        this.current = current;
        this.sandbox = sandbox;
        this.moncash = moncash;
    }

    /** One provider alone, current for everything (a test's, or a deployment's only one). */
    public static WalletProviders only(WalletProvider provider) {
        return SANDBOX.equals(provider.name())
                ? new WalletProviders(provider, provider, null)
                : new WalletProviders(provider, new SandboxWalletProvider("http://localhost"), provider);
    }

    /** The providers {@code config} names: the sandbox, and MonCash when {@code provider.mode} is live. */
    public static WalletProviders from(
            Vertx vertx, AppConfig config, io.micrometer.core.instrument.MeterRegistry registry) {
        WalletProvider sandbox = ProviderSpans.traced(new SandboxWalletProvider(config.publicBaseUrl()));
        if (!config.provider().live()) {
            return new WalletProviders(sandbox, sandbox, null);
        }
        WalletProvider moncash = ProviderSpans.traced(
                new LiveWalletProvider(vertx, LiveProviderSettings.from(config.provider()), registry));
        return new WalletProviders(moncash, sandbox, moncash);
    }

    /** The name {@code config}'s current provider goes by: what rows stored before providers were named took. */
    public static String currentName(AppConfig.Provider config) {
        return config.live() ? MONCASH : SANDBOX;
    }

    /** Where new live payments are opened and live payouts sent. */
    public WalletProvider current() {
        return current;
    }

    /**
     * Where a new payment or payout of a merchant row in that mode goes: live mode to the current provider, test
     * mode always to the sandbox, so a test object never reaches MonCash, even where {@code provider.mode} is live.
     */
    public WalletProvider forMode(boolean livemode) {
        return livemode ? current : sandbox;
    }

    /** The live provider, whose notifications and returns name only its own transactions. */
    public WalletProvider moncash() {
        return named(MONCASH);
    }

    /** The provider a payment or transfer names; a PROVIDER failure when this deployment does not reach it. */
    public WalletProvider named(String name) {
        WalletProvider provider =
                switch (name) {
                    case SANDBOX -> sandbox;
                    case MONCASH -> moncash;
                    default -> null;
                };
        if (provider == null) {
            throw new ServiceException(
                    ErrorKind.PROVIDER, "provider_error", "Wallet provider " + name + " is not configured here");
        }
        return provider;
    }

    /** Whether any provider held makes customers pay elsewhere, so open payments must be asked about there. */
    public boolean anyRemote() {
        return all().stream().anyMatch(WalletProvider::remote);
    }

    /** The longest call any provider held can keep its caller waiting (see {@code longestCall}). */
    public Duration longestCall() {
        return all().stream()
                .map(WalletProvider::longestCall)
                .max(Duration::compareTo)
                .orElse(Duration.ZERO);
    }

    /** Releases the providers' connections. */
    public void close() {
        all().forEach(WalletProvider::close);
    }

    private List<WalletProvider> all() {
        return moncash == null || moncash == sandbox ? List.of(sandbox) : List.of(sandbox, moncash);
    }
}
