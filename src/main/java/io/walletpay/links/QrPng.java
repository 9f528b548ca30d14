package io.walletpay.links;

import io.nayuki.qrcodegen.QrCode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/**
 * A QR code as a PNG image, for where an SVG cannot go (a WhatsApp status, a photo gallery): the same code as
 * {@link QrSvg}, drawn module by module into a black-and-white image with the same quiet zone.
 */
public final class QrPng {

    /** Pixels per module: about 300 pixels for a short URL, sharp enough to print and to scan from a screen. */
    static final int SCALE = 8;

    private QrPng() {}

    /** The PNG bytes of a QR code encoding {@code text}. */
    public static byte[] of(String text) {
        QrCode qr = QrSvg.encode(text);
        int side = (qr.size + QrSvg.BORDER * 2) * SCALE;
        BufferedImage image = new BufferedImage(side, side, BufferedImage.TYPE_BYTE_BINARY);
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                int moduleX = x / SCALE - QrSvg.BORDER;
                int moduleY = y / SCALE - QrSvg.BORDER;
                boolean dark = moduleX >= 0
                        && moduleY >= 0
                        && moduleX < qr.size
                        && moduleY < qr.size
                        && qr.getModule(moduleX, moduleY);
                image.setRGB(x, y, dark ? 0x000000 : 0xFFFFFF);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return png.toByteArray();
    }
}
