package io.walletpay;

/** What {@code --help} and {@code --version} print; neither reads the configuration or touches the data. */
final class Usage {

    static final String TEXT =
            """
            Usage: java -jar walletpay.jar [command]

            Commands:
              (none)        run the service (configuration below)
              loadtest ...  the load generator (java -jar walletpay.jar loadtest --help)
              backup        a backup of the running service's embedded database through pgBackRest
                            (WALLETPAY_BACKUP_REPO_PATH; full the first time, then incremental)
              restore [--target-time 2026-01-31T14:05:00Z]
                            with the service stopped: the database as it was at that moment (without one,
                            as the archive ends); the next start replays the archive up to it
              --help        print this text and exit
              --version     print the version and exit

            Configuration: config/application.json (or the file named by WALLETPAY_CONFIG; a copy ships in
            the jar) holds every default; any key is overridden by an environment variable, WALLETPAY_ + the key
            path in upper case with _ between levels (http.port -> WALLETPAY_HTTP_PORT). The important ones:
              WALLETPAY_MODE             development (default) or production
              WALLETPAY_DATA_DIR         embedded PostgreSQL data and development secrets (./data); one service each
              WALLETPAY_DB_URL           external PostgreSQL, postgresql://user:password@host:port/database
                                         (over TLS: ?sslmode=verify-full&sslrootcert=/path/to/ca.pem)
              WALLETPAY_HTTP_PORT        listen port (8080)
              WALLETPAY_PUBLIC_BASE_URL  the URL customers reach the service at (https:// in production)
              WALLETPAY_ADMIN_TOKEN, WALLETPAY_JWT_SECRET   secrets, >= 32 random characters in production
              WALLETPAY_PROVIDER_MODE    sandbox (development only) or live
            Every key, and "Running in production", are in docs/operate/README.md.
            """;

    private Usage() {}

    /** The jar manifest's Implementation-Version; "dev" when run from classes. */
    static String version() {
        String version = Usage.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }
}
