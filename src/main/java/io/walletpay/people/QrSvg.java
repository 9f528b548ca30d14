package io.walletpay.people;

import io.nayuki.qrcodegen.QrCode;
import java.util.Objects;

/**
 * The second factor's enrolment QR code as an inline SVG document: what the portal shows beside the
 * {@code otpauth://} URI for an authenticator app to scan. Medium error correction, the four-module quiet zone
 * scanners need, the dark modules as one path on a white square (so it scans on a dark page too), drawn at 240 by
 * 240 with crisp edges. It is an image with a name ({@code role="img"} and an {@code aria-label}), since the page
 * must tell a screen reader what it is and that the same secret is written beside it.
 */
public final class QrSvg {

    /** The quiet zone around the code, in modules (the QR standard's minimum). */
    static final int BORDER = 4;
    /** Width and height of the drawing, in CSS pixels. */
    static final int SIZE = 240;

    private QrSvg() {}

    /** The SVG of a QR code holding {@code text}, named {@code ariaLabel} for assistive technology. */
    public static String of(String text, String ariaLabel) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(ariaLabel, "ariaLabel");
        QrCode qr = QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
        int side = qr.size + BORDER * 2;
        String label = xml(ariaLabel);
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 " + side + " " + side
                + "\" width=\"" + SIZE + "\" height=\"" + SIZE + "\" shape-rendering=\"crispEdges\" role=\"img\""
                + " aria-label=\"" + label + "\">"
                + "<title>" + label + "</title>"
                + "<rect width=\"" + side + "\" height=\"" + side + "\" fill=\"#FFFFFF\"/>"
                + "<path d=\"" + darkModules(qr) + "\" fill=\"#000000\"/></svg>";
    }

    /** One subpath per horizontal run of dark modules, which keeps the path a fraction of one square per module. */
    private static String darkModules(QrCode qr) {
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < qr.size; y++) {
            int x = 0;
            while (x < qr.size) {
                if (!qr.getModule(x, y)) {
                    x++;
                    continue;
                }
                int start = x;
                while (x < qr.size && qr.getModule(x, y)) {
                    x++;
                }
                if (path.length() > 0) {
                    path.append(' ');
                }
                path.append('M')
                        .append(start + BORDER)
                        .append(',')
                        .append(y + BORDER)
                        .append('h')
                        .append(x - start)
                        .append("v1h-")
                        .append(x - start)
                        .append('z');
            }
        }
        return path.toString();
    }

    /**
     * Text made safe for an XML attribute or element: the five special characters as entities, and characters XML
     * 1.0 does not allow (control characters, lone surrogates) dropped.
     */
    static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> {
                    boolean allowed = c == 0x9
                            || c == 0xA
                            || c == 0xD
                            || (c >= 0x20 && c <= 0xD7FF)
                            || (c >= 0xE000 && c <= 0xFFFD)
                            || (c >= 0x10000 && c <= 0x10FFFF);
                    if (allowed) {
                        out.appendCodePoint(c);
                    }
                }
            }
        });
        return out.toString();
    }
}
