package io.walletpay.portal;

/**
 * The browser and the system of a user-agent string, by the names people know them by ({@code Chrome},
 * {@code Android}), so the sessions list says "Chrome on Android" instead of a line of version numbers. Either is
 * null when the string does not say. The order of the checks matters: Edge, Opera and Samsung Internet also call
 * themselves Chrome and Safari, and Chrome calls itself Safari.
 */
record UserAgent(String browser, String system) {

    static UserAgent of(String agent) {
        if (agent == null || agent.isBlank()) {
            return new UserAgent(null, null);
        }
        return new UserAgent(browser(agent), system(agent));
    }

    private static String browser(String agent) {
        if (agent.contains("Edg/") || agent.contains("EdgA/") || agent.contains("EdgiOS/")) {
            return "Edge";
        }
        if (agent.contains("OPR/") || agent.contains("Opera")) {
            return "Opera";
        }
        if (agent.contains("SamsungBrowser/")) {
            return "Samsung Internet";
        }
        if (agent.contains("Firefox/") || agent.contains("FxiOS/")) {
            return "Firefox";
        }
        if (agent.contains("Chrome/") || agent.contains("CriOS/") || agent.contains("Chromium/")) {
            return "Chrome";
        }
        if (agent.contains("Safari/") && agent.contains("Version/")) {
            return "Safari";
        }
        return null;
    }

    private static String system(String agent) {
        if (agent.contains("Android")) {
            return "Android";
        }
        if (agent.contains("iPhone")) {
            return "iPhone";
        }
        if (agent.contains("iPad")) {
            return "iPad";
        }
        if (agent.contains("Windows")) {
            return "Windows";
        }
        if (agent.contains("CrOS")) {
            return "ChromeOS";
        }
        if (agent.contains("Mac OS X") || agent.contains("Macintosh")) {
            return "macOS";
        }
        if (agent.contains("Linux")) {
            return "Linux";
        }
        return null;
    }
}
