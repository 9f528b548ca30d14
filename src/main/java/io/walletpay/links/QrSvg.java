package io.walletpay.links;

import io.nayuki.qrcodegen.QrCode;

/**
 * A QR code as an inline SVG (no external asset, no JavaScript): what the portal shows beside a payment link so a
 * customer can scan it from a phone or a WhatsApp status. Medium error correction; a four-module quiet zone, as
 * scanners need; one path of unit squares on a white background, scaled by the page. Hidden from screen readers:
 * the element around it says in words what it is.
 */
public final class QrSvg {

    /** The quiet zone around the code, in modules (the QR standard's minimum). */
    static final int BORDER = 4;

    private QrSvg() {}

    /** The SVG of a QR code encoding {@code text}; the same text always gives the same SVG. */
    public static String of(String text) {
        return render(encode(text));
    }

    /** The code for {@code text} (the library picks the smallest version that holds it). */
    static QrCode encode(String text) {
        return QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
    }

    static String render(QrCode qr) {
        int side = qr.size + BORDER * 2;
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < qr.size; y++) {
            for (int x = 0; x < qr.size; x++) {
                if (qr.getModule(x, y)) {
                    if (path.length() > 0) {
                        path.append(' ');
                    }
                    path.append('M')
                            .append(x + BORDER)
                            .append(',')
                            .append(y + BORDER)
                            .append("h1v1h-1z");
                }
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"0 0 " + side + " " + side
                + "\" width=\"" + side * 4 + "\" height=\"" + side * 4
                + "\" shape-rendering=\"crispEdges\" stroke=\"none\" aria-hidden=\"true\">"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>"
                + "<path d=\"" + path + "\" fill=\"#000000\"/></svg>";
    }
}
