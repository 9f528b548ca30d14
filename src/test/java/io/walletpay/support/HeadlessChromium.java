package io.walletpay.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
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

    /**
     * A laptop's window of {@code width} × {@code height} that runs no JavaScript: the portal needs none, so every
     * test that opens it this way proves it.
     */
    public static HeadlessChromium withoutScripts(int width, int height) throws IOException {
        return start(options ->
                options.addArguments("--blink-settings=scriptEnabled=false", "--window-size=" + width + "," + height));
    }

    /**
     * A screen of exactly {@code width} × {@code height} CSS pixels, as a phone's: emulated, because Chromium keeps a
     * headless window at least 500 px wide. Scripts run (axe-core needs them).
     */
    public static HeadlessChromium screen(int width, int height) throws IOException {
        return start(options -> {
            options.addArguments("--window-size=" + width + "," + height);
            options.setExperimentalOption(
                    "mobileEmulation",
                    Map.of("deviceMetrics", Map.of("width", width, "height", height, "pixelRatio", 1.0)));
        });
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

    /**
     * Clicks a link or a submit button and waits until the next page has replaced this one: a click returns before
     * the navigation it starts has loaded (no fixed sleep).
     */
    public void clickAndLoad(By target) {
        WebElement page = driver.findElement(By.tagName("html"));
        driver.findElement(target).click();
        // the old page's root is gone once the next page replaced it (Chromium says so in more than one way)
        Awaitility.await("the page after clicking " + target)
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> {
                    try {
                        page.getTagName();
                        return false;
                    } catch (WebDriverException replaced) {
                        return true;
                    }
                });
    }

    /** Waits until the browser shows the page whose address ends with {@code pathEnding} (no fixed sleep). */
    public void arrivesAt(String pathEnding) {
        Awaitility.await("the page at " + pathEnding)
                .atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(driver.getCurrentUrl())
                        .as(() -> driver.findElement(By.tagName("body")).getText())
                        .endsWith(pathEnding));
    }

    /** Nothing wider than the window: the page itself never scrolls sideways. */
    public void fitsTheWindow() {
        Object widths = ((JavascriptExecutor) driver)
                .executeScript("return [document.documentElement.scrollWidth, window.innerWidth];");
        @SuppressWarnings("unchecked")
        List<Long> both = (List<Long>) widths;
        assertThat(both.get(0))
                .as("%s is %s px wide in a window of %s px", driver.getCurrentUrl(), both.get(0), both.get(1))
                .isLessThanOrEqualTo(both.get(1));
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
