package io.walletpay.mail;

import io.walletpay.page.Language;
import io.walletpay.page.PageText;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * An invitation written out in its language: the subject, the plain-text letter and its HTML alternative. The words
 * are in {@code mail/invite_<tag>.properties} (UTF-8), one bundle per language; a missing key fails loudly rather
 * than mailing a key. The link's end is written as the pages write moments, in Haiti's time.
 */
public record InviteText(String subject, String plain, String html) {

    private static final Map<Language, Map<String, String>> BUNDLES = load();

    public static InviteText of(InviteLetter letter) {
        Language language = letter.language();
        // a name is one line of text: a line break in it must not end the Subject header or a paragraph
        String shop = letter.merchantName()
                .replaceAll("[\\p{Cc}\\p{Zl}\\p{Zp}]+", " ")
                .strip();
        String role = text(language, "role." + letter.role());
        String until = letter.expiresAt().atZone(PageText.HAITI).format(PageText.DATE_TIME);
        String subject = text(language, "invite.subject", shop);
        String greeting = text(language, "invite.greeting");
        String invites = text(language, "invite.invites", shop);
        String roleLine = text(language, "invite.role", role);
        String accept = text(language, "invite.accept");
        String expires = text(language, "invite.expires", until, shop);
        String ignore = text(language, "invite.ignore");
        String url = letter.inviteUrl();

        String plain = greeting + "\n\n" + invites + "\n" + roleLine + "\n\n" + accept + "\n" + url + "\n\n" + expires
                + "\n\n" + ignore + "\n";
        String html = "<!DOCTYPE html>\n<html lang=\"" + language.tag() + "\">\n<head><meta charset=\"utf-8\"><title>"
                + escape(subject) + "</title></head>\n"
                + "<body style=\"font-family:sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a\">\n"
                + "<p>" + escape(greeting) + "</p>\n"
                + "<p>" + escape(invites) + "<br><strong>" + escape(roleLine) + "</strong></p>\n"
                + "<p>" + escape(accept) + "</p>\n"
                + "<p><a href=\"" + escape(url)
                + "\" style=\"display:inline-block;padding:12px 20px;background:#0b5cad;"
                + "color:#ffffff;text-decoration:none;border-radius:6px\">" + escape(text(language, "invite.button"))
                + "</a></p>\n"
                + "<p style=\"word-break:break-all\"><a href=\"" + escape(url) + "\">" + escape(url) + "</a></p>\n"
                + "<p>" + escape(expires) + "</p>\n"
                + "<p style=\"color:#555555\">" + escape(ignore) + "</p>\n"
                + "</body>\n</html>\n";
        return new InviteText(subject, plain, html);
    }

    /** The keys of one bundle, for the test that keeps the three in step. */
    static Set<String> keys(Language language) {
        return new TreeSet<>(BUNDLES.get(language).keySet());
    }

    /** The text of {@code key} in {@code language}, its {@code {0}}-style arguments filled in when given. */
    static String text(Language language, String key, Object... arguments) {
        String text = BUNDLES.get(language).get(key);
        if (text == null) {
            throw new IllegalStateException("no mail text '" + key + "' in " + language.tag());
        }
        return arguments.length == 0 ? text : new MessageFormat(text.replace("'", "''"), Locale.ROOT).format(arguments);
    }

    private static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private static Map<Language, Map<String, String>> load() {
        Map<Language, Map<String, String>> bundles = new EnumMap<>(Language.class);
        for (Language language : Language.values()) {
            String path = "mail/invite_" + language.tag() + ".properties";
            try (InputStream in = InviteText.class.getClassLoader().getResourceAsStream(path)) {
                if (in == null) {
                    throw new IllegalStateException("missing " + path);
                }
                Properties properties = new Properties();
                properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
                Map<String, String> texts = new java.util.HashMap<>();
                properties.forEach((key, value) -> texts.put((String) key, (String) value));
                bundles.put(language, Map.copyOf(texts));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return bundles;
    }
}
