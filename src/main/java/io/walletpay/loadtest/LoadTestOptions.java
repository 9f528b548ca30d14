package io.walletpay.loadtest;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What one {@code loadtest} invocation was asked to do, read from its command line and checked as a whole. The
 * same parser serves the command line and programmatic callers ({@code LoadTestOptions.parse("--target", …)}),
 * so tests drive exactly what a user types. Secrets are kept out of {@link #toString()}.
 */
public record LoadTestOptions(
        String target,
        String adminToken,
        String merchantId,
        String secretKey,
        String webhookSecret,
        int merchants,
        boolean noAuth,
        double rate,
        int concurrency,
        double durationSeconds,
        double warmupSeconds,
        int maxOutstanding,
        int connections,
        long timeoutMs,
        int eventLoops,
        boolean pay,
        boolean verifyWebhooks,
        String webhookHost,
        int webhookPort,
        double webhookWaitSeconds,
        String json,
        boolean progress,
        boolean ceilingServer,
        String host,
        int port,
        java.util.List<Long> servicePids,
        boolean help) {

    public static final String USAGE =
            """
      usage: java -jar walletpay.jar loadtest --target URL[,URL…] (--rate R | --concurrency C) [options]
             java -jar walletpay.jar loadtest --ceiling-server [--port P] [--host H] [--event-loops N]

      credentials (one of):
        --admin-token T          create --merchants merchants through the admin API (default 4)
        --merchant-id ID --secret-key K [--webhook-secret S]
                                 use an existing merchant; with webhook verification its webhook_url is pointed
                                 at the receiver for the run and restored afterwards, also when the run is
                                 stopped early with Ctrl-C or SIGTERM (needs --webhook-secret)
        --no-auth                no merchant, no token: for the --ceiling-server HTTP ceiling only
      target:
        --target URL[,URL…]      the service; several nodes (same base path) get the requests in turn, each with
                                 its own --connections; set-up goes to the first
      load:
        --rate R                 open loop: R create requests/s scheduled from the start time, whatever the answers;
                                 latency counts from the scheduled send time
        --concurrency C          closed loop: C requests in flight, each sent when the previous one answered
        --duration S             measured seconds (default 30), after --warmup S seconds (default 5, not recorded)
        --max-outstanding N      open loop: a request due while N are unanswered is dropped, error "backlog"
                                 (default 10000)
        --connections N          HTTP/1.1 keep-alive connections to the target, no pipelining (default 64)
        --timeout MS             a request with no answer for MS ms is an error "timeout" (default 10000)
        --event-loops N          event loops of the generator (default: half the available processors, at least
                                 one: it usually shares the machine with the service); of the ceiling server (default:
                                 all of them)
      flow:
        --pay                    pay each created payment through the sandbox checkout (form POST to the path of
                                 redirect_url on the target) and record create->pay latency separately
        --[no-]verify-webhooks   run a webhook receiver and verify every signature (default: on with --pay)
        --webhook-host H         host the service reaches the receiver at (default 127.0.0.1)
        --webhook-port P         receiver port (default 0: a free port)
        --webhook-wait S         seconds to wait for outstanding webhooks at the end (default 10)
      output:
        --json FILE              write the JSON summary to FILE; "-" writes it to stdout (the report goes to stderr)
        --service-pid PID[,PID…] also report the CPU time the service's processes (on this machine) spent in the
                                 measured window, summed, per flow, and (on Linux) how many times their threads
                                 went to sleep waiting for work; the generator always reports its own CPU
        --quiet                  no progress line
      exit code: 0 when there were no errors (and, when verifying, no missing or invalid webhook); 1 otherwise;
      2 for a usage or set-up failure.
      """;

    private static final Set<String> FLAGS = Set.of(
            "--no-auth",
            "--pay",
            "--verify-webhooks",
            "--no-verify-webhooks",
            "--quiet",
            "--ceiling-server",
            "--help",
            "-h");
    private static final Set<String> VALUED = Set.of(
            "--target",
            "--admin-token",
            "--merchant-id",
            "--secret-key",
            "--webhook-secret",
            "--merchants",
            "--rate",
            "--concurrency",
            "--duration",
            "--warmup",
            "--max-outstanding",
            "--connections",
            "--timeout",
            "--event-loops",
            "--webhook-host",
            "--webhook-port",
            "--webhook-wait",
            "--json",
            "--host",
            "--port",
            "--service-pid");

    /**
     * Reads {@code args}; {@code --name value} and {@code --name=value} both work.
     *
     * @throws IllegalArgumentException naming the first thing wrong, in words fit for the terminal
     */
    public static LoadTestOptions parse(String... args) {
        Map<String, String> values = new HashMap<>();
        Map<String, Boolean> flags = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 0) {
                name = arg.substring(0, equals);
                value = arg.substring(equals + 1);
            }
            if (FLAGS.contains(name) && value == null) {
                flags.put(name, true);
            } else if (VALUED.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException(name + " needs a value");
                    }
                    value = args[++i];
                }
                values.put(name, value);
            } else {
                throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        boolean help = flags.containsKey("--help") || flags.containsKey("-h");
        boolean ceiling = flags.containsKey("--ceiling-server");
        boolean pay = flags.containsKey("--pay");
        if (flags.containsKey("--verify-webhooks") && flags.containsKey("--no-verify-webhooks")) {
            throw new IllegalArgumentException("--verify-webhooks and --no-verify-webhooks contradict each other");
        }
        boolean verify = flags.containsKey("--verify-webhooks") || (pay && !flags.containsKey("--no-verify-webhooks"));
        LoadTestOptions options = new LoadTestOptions(
                values.get("--target"),
                values.get("--admin-token"),
                values.get("--merchant-id"),
                values.get("--secret-key"),
                values.get("--webhook-secret"),
                whole(values, "--merchants", 4, 1, 10_000),
                flags.containsKey("--no-auth"),
                decimal(values, "--rate", 0, 0, 10_000_000),
                whole(values, "--concurrency", 0, 0, 1_000_000),
                decimal(values, "--duration", 30, 0, 86_400),
                decimal(values, "--warmup", 5, 0, 86_400),
                whole(values, "--max-outstanding", 10_000, 1, 10_000_000),
                whole(values, "--connections", 64, 1, 100_000),
                whole(values, "--timeout", 10_000, 1, 3_600_000),
                whole(
                        values,
                        "--event-loops",
                        defaultEventLoops(ceiling, Runtime.getRuntime().availableProcessors()),
                        1,
                        1024),
                pay,
                verify,
                values.getOrDefault("--webhook-host", "127.0.0.1"),
                whole(values, "--webhook-port", 0, 0, 65_535),
                decimal(values, "--webhook-wait", 10, 0, 3_600),
                values.get("--json"),
                !flags.containsKey("--quiet"),
                ceiling,
                values.getOrDefault("--host", "0.0.0.0"),
                whole(values, "--port", 8090, 0, 65_535),
                pids(values.get("--service-pid")),
                help);
        if (!help) {
            options.check(values);
        }
        return options;
    }

    /** {@code rate} (open loop) or {@code concurrency} (closed loop). */
    public String mode() {
        return rate > 0 ? "rate" : "concurrency";
    }

    public boolean openLoop() {
        return rate > 0;
    }

    public boolean createsMerchants() {
        return adminToken != null;
    }

    /** The first (or only) node of {@code --target}: set-up exchanges go there. */
    URI targetUri() {
        return targetUris().get(0);
    }

    /** Every node of {@code --target} (comma-separated), load spread over them in turn. */
    java.util.List<URI> targetUris() {
        java.util.List<URI> uris = new java.util.ArrayList<>();
        for (String one : target.split(",", -1)) {
            try {
                uris.add(new URI(one.strip()));
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException("--target is not a URL: " + e.getMessage());
            }
        }
        return uris;
    }

    private void check(Map<String, String> values) {
        if (ceilingServer) {
            return;
        }
        if (target == null) {
            throw new IllegalArgumentException("--target URL is required, e.g. --target http://127.0.0.1:8080");
        }
        for (URI uri : targetUris()) {
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                throw new IllegalArgumentException(
                        "--target must be an http(s) URL with a host, e.g. http://127.0.0.1:8080");
            }
            if (!java.util.Objects.equals(uri.getRawPath(), targetUri().getRawPath())) {
                throw new IllegalArgumentException("the nodes of --target must share one base path");
            }
        }
        if ((rate > 0) == (concurrency > 0)) {
            throw new IllegalArgumentException(
                    "give exactly one of --rate R (open loop) or --concurrency C (closed loop)");
        }
        if (durationSeconds <= 0) {
            throw new IllegalArgumentException("--duration must be more than 0 seconds");
        }
        boolean existing = merchantId != null || secretKey != null;
        int credentialKinds = (noAuth ? 1 : 0) + (adminToken != null ? 1 : 0) + (existing ? 1 : 0);
        if (credentialKinds != 1) {
            throw new IllegalArgumentException(
                    "give exactly one of --admin-token, --merchant-id with --secret-key, or --no-auth");
        }
        if (existing && (merchantId == null || secretKey == null)) {
            throw new IllegalArgumentException("--merchant-id and --secret-key go together");
        }
        if (noAuth && (pay || verifyWebhooks)) {
            throw new IllegalArgumentException("--no-auth measures the create route only: no --pay, no webhooks");
        }
        if (verifyWebhooks && !pay) {
            throw new IllegalArgumentException("--verify-webhooks needs --pay: only a paid payment sends a webhook");
        }
        if (existing && verifyWebhooks && webhookSecret == null) {
            throw new IllegalArgumentException(
                    "verifying the webhooks of an existing merchant needs its --webhook-secret "
                            + "(or turn verification off with --no-verify-webhooks)");
        }
        if (values.containsKey("--merchants") && !createsMerchants()) {
            throw new IllegalArgumentException("--merchants applies with --admin-token only");
        }
    }

    private static java.util.List<Long> pids(String text) {
        if (text == null) {
            return java.util.List.of();
        }
        java.util.List<Long> pids = new java.util.ArrayList<>();
        for (String one : text.split(",", -1)) {
            if (!one.strip().matches("[1-9]\\d{0,9}")) {
                throw new IllegalArgumentException("--service-pid takes process ids, e.g. --service-pid 4242,4243");
            }
            pids.add(Long.parseLong(one.strip()));
        }
        return java.util.List.copyOf(pids);
    }

    /**
     * The generator takes half the processors, at least one: beside the service on one machine, every event loop
     * of its own wakes up and hands requests across threads, which costs the service on the same cores more CPU per
     * paid payment than one loop (docs/performance.md). The ceiling server, measured alone, takes them all.
     */
    static int defaultEventLoops(boolean ceilingServer, int processors) {
        return ceilingServer ? processors : Math.max(1, processors / 2);
    }

    private static int whole(Map<String, String> values, String name, int fallback, int min, int max) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " expects a whole number, got '" + text + "'");
        }
    }

    private static double decimal(Map<String, String> values, String name, double fallback, double min, double max) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            double value = Double.parseDouble(text.trim());
            if (!(value >= min && value <= max)) {
                throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " expects a number, got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return "LoadTestOptions[target=" + target + ", mode=" + mode() + ", rate=" + rate + ", concurrency="
                + concurrency
                + ", duration=" + durationSeconds + "s, warmup=" + warmupSeconds + "s, connections=" + connections
                + ", pay=" + pay + ", verifyWebhooks=" + verifyWebhooks + ", credentials="
                + (noAuth ? "none" : createsMerchants() ? merchants + " new merchants" : "merchant " + merchantId)
                + "]";
    }
}
