package io.walletpay.loadtest;

import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar walletpay.jar loadtest …}: the load generator (see {@link LoadTestOptions#USAGE}) and the
 * {@code --ceiling-server}. {@link #run(LoadTestOptions)} is the same run for programs and tests.
 */
public final class LoadTest {

    private LoadTest() {}

    public static void main(String[] args) {
        LoadTestOptions options;
        try {
            options = LoadTestOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("loadtest: " + e.getMessage());
            System.err.print(LoadTestOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.print(LoadTestOptions.USAGE);
            System.exit(0);
        }
        if (options.ceilingServer()) {
            serveCeiling(options);
            return;
        }
        Summary summary;
        try {
            summary = run(options);
        } catch (RuntimeException e) {
            System.err.println("loadtest: " + e.getMessage());
            System.exit(2);
            return;
        }
        boolean jsonToStdout = "-".equals(options.json());
        PrintStream report = jsonToStdout ? System.err : System.out;
        report.print(summary.report());
        report.flush();
        if (options.json() != null) {
            String json = summary.toJson().encodePrettily();
            if (jsonToStdout) {
                System.out.println(json);
            } else {
                try {
                    Files.writeString(Path.of(options.json()), json + "\n", StandardCharsets.UTF_8);
                } catch (IOException e) {
                    System.err.println("loadtest: could not write " + options.json() + ": " + e.getMessage());
                    System.exit(2);
                }
            }
        }
        System.out.flush();
        System.exit(summary.passed() ? 0 : 1);
    }

    /**
     * Runs one load test on a Vert.x of its own (closed before returning) and answers its figures.
     *
     * @throws SetupException when the run could not begin (credentials refused, receiver port taken, …)
     * @throws IllegalStateException when it could not finish
     */
    public static Summary run(LoadTestOptions options) {
        Vertx vertx = Vertx.builder().with(vertxOptions(options)).build();
        LoadRun run = LoadRun.prepared(vertx, options);
        // stopped before its end (Ctrl-C, SIGTERM), the run still puts an existing merchant's webhook URL back
        Thread putBack = new Thread(() -> run.interrupted(10_000), "loadtest-interrupted");
        Runtime.getRuntime().addShutdownHook(putBack);
        try {
            return await(run.run().toCompletionStage().toCompletableFuture());
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(putBack);
            } catch (IllegalStateException stopping) {
                // the JVM is stopping: the hook runs, and the run is put back by it
            }
            vertx.close()
                    .toCompletionStage()
                    .toCompletableFuture()
                    .completeOnTimeout(null, 10, TimeUnit.SECONDS)
                    .join();
        }
    }

    private static void serveCeiling(LoadTestOptions options) {
        Vertx vertx = Vertx.builder().with(vertxOptions(options)).build();
        try {
            await(CeilingServer.deploy(vertx, options.host(), options.port(), options.eventLoops())
                    .toCompletionStage()
                    .toCompletableFuture());
        } catch (RuntimeException e) {
            System.err.println("loadtest: the ceiling server could not start: " + e.getMessage());
            vertx.close();
            System.exit(2);
        }
        System.out.println("ceiling server: POST " + CeilingServer.CREATE_PATH + " on " + options.host() + ":"
                + options.port() + " answers a constant 201 (" + CeilingServer.CREATED.length() + " bytes), "
                + options.eventLoops() + " instances; stop with Ctrl-C");
    }

    /** The generator and the ceiling server run on the transport the service runs on (native epoll on Linux). */
    private static VertxOptions vertxOptions(LoadTestOptions options) {
        return new VertxOptions().setEventLoopPoolSize(options.eventLoops()).setPreferNativeTransport(true);
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof SetupException setup) {
                throw setup;
            }
            throw new IllegalStateException(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
