package io.walletpay.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The Debian Chromium, headless, driven by Selenium through the Debian chromedriver, with a throw-away profile: what
 * the page tests open before each test and close after it. Without Chromium a test fails (CI installs it).
 */
public final class HeadlessChromium implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    // Selenium warns on every start that it has no CDP bindings for this Chromium; the tests do not use CDP.
    // The loggers are held here because java.util.logging keeps only weak references to them.
    static final List<Logger> QUIET = Stream.of("org.openqa.selenium.devtools", "org.openqa.selenium.chromium")
            .map(Logger::getLogger)
            .peek(logger -> logger.setLevel(Level.SEVERE))
            .toList();

    private final Path profile;
    private final WebDriver driver;

    private HeadlessChromium(Path profile, WebDriver driver) {
        this.profile = profile;
        this.driver = driver;
    }

    /** A browser with the common flags plus whatever {@code customize} adds (window size, emulation, …). */
    public static HeadlessChromium start(Consumer<ChromeOptions> customize) throws IOException {
        assertThat(Files.isExecutable(CHROMIUM))
                .as("%s is missing: install the Debian packages chromium and chromium-driver (.ci/run does)", CHROMIUM)
                .isTrue();
        assertThat(Files.isExecutable(CHROMEDRIVER))
                .as("%s is missing: install the Debian package chromium-driver (.ci/run does)", CHROMEDRIVER)
                .isTrue();
        // Both paths are given, so Selenium Manager has nothing to look up or download.
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        Path profile = Files.createTempDirectory("walletpay-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--user-data-dir=" + profile);
        customize.accept(options);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        return new HeadlessChromium(profile, new ChromeDriver(service, options));
    }

    public WebDriver driver() {
        return driver;
    }

    /** The page as shown now, to {@code directory/name.png}; the file written. */
    public Path screenshot(Path directory, String name) {
        try {
            Files.createDirectories(directory);
            Path target = directory.resolve(name + ".png").toAbsolutePath();
            Path taken =
                    ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(taken, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        }
    }
}
