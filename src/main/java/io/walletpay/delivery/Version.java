package io.walletpay.delivery;

/** The service's version, from the jar manifest (Implementation-Version), for the User-Agent. */
final class Version {

    private Version() {}

    static String current() {
        String version = Version.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
