package io.walletpay.support;

import io.walletpay.Main;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The one way the tests start other processes: the service in a JVM of its own, as {@code java -jar} would run it,
 * and tools run to their end (node, npm's packages) with their output captured.
 */
public final class ChildProcess {

    /** How a tool run ended: its exit code and standard output (its standard error goes to the test's log). */
    public record Result(int exitCode, String output) {}

    private ChildProcess() {}

    /**
     * The service's {@code Main} in a fresh JVM on the test classpath, started in the project directory, with no
     * {@code WALLETPAY_*} variable inherited from the machine; {@code jvmOptions} before the class path.
     */
    public static ProcessBuilder service(List<String> jvmOptions) {
        List<String> options = new ArrayList<>(jvmOptions);
        // logs as the test runs do (logback-test.xml), not as a deployer's jar
        options.add("-Dlogback.configurationFile=logback-test.xml");
        return java(options, List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    }

    /**
     * The service as deployers run it, {@code java -jar} on the fat jar {@code mvn package} built (the failsafe
     * tests run after it).
     */
    public static ProcessBuilder serviceJar(List<String> jvmOptions) {
        return serviceJar(builtJar("walletpay.jar"), jvmOptions);
    }

    /** {@code java -jar jar}, for a jar copied where a deployer would put it. */
    public static ProcessBuilder serviceJar(Path jar, List<String> jvmOptions) {
        return java(jvmOptions, List.of("-jar", jar.toString()));
    }

    /** A jar {@code mvn package} built into {@code target/}. */
    public static Path builtJar(String name) {
        Path jar = Path.of("target", name);
        if (!java.nio.file.Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run the behaviour tests through mvn verify");
        }
        return jar;
    }

    /**
     * This JDK's java with {@code jvmOptions}, then {@code launch}; no WALLETPAY_ variable of the test's own. The JVM
     * compiles with C1 alone and collects with the serial collector: a service a test starts lives seconds, and on
     * two cores C2's compilations would only take the cores from the test (a third of the CPU of the process tests).
     */
    private static ProcessBuilder java(List<String> jvmOptions, List<String> launch) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(jvmOptions);
        command.addAll(launch);
        ProcessBuilder builder = new ProcessBuilder(command).directory(new File("."));
        builder.environment().keySet().removeIf(name -> name.startsWith("WALLETPAY_"));
        return builder;
    }

    /** {@code command} to be started in {@code directory}, with {@code environment} added to the test's own. */
    public static ProcessBuilder in(List<String> command, Path directory, Map<String, String> environment) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(directory.toFile());
        builder.environment().putAll(environment);
        return builder;
    }

    /**
     * Runs {@code command} in {@code directory} with {@code environment} added, {@code stdin} (or nothing) as its
     * input, and waits up to {@code timeoutSeconds} for it to end; a tool still running then fails the test.
     */
    public static Result run(
            List<String> command, Path directory, Map<String, String> environment, String stdin, int timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder builder = in(command, directory, environment);
        builder.redirectError(ProcessBuilder.Redirect.INHERIT);
        Process process = builder.start();
        try {
            if (stdin != null) {
                process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new AssertionError(command + " did not finish within " + timeoutSeconds + " s");
            }
            return new Result(process.exitValue(), out);
        } finally {
            process.destroyForcibly();
        }
    }
}
