package io.walletpay.links;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The payment link's QR code: well-formed SVG whose squares a QR reader decodes back to the link. */
class QrSvgTest {

    private static final Pattern MODULE = Pattern.compile("M(\\d+),(\\d+)h1v1h-1z");
    private static final int PIXELS_PER_MODULE = 4;

    @Test
    void theSvgDecodesBackToTheLink() throws Exception {
        String link = "https://pay.example.ht/checkout/7f3c2a10-5d1e-4c2b-9f0a-1b2c3d4e5f60?lang=ht";

        assertThat(decode(QrSvg.of(link))).isEqualTo(link);
    }

    @Test
    void textOutsideAsciiAndMarkupCharactersDecodeBackToo() throws Exception {
        String text = "Kreyòl <peye> & \"mèsi\" – 2 500,00 HTG";

        assertThat(decode(QrSvg.of(text))).isEqualTo(text);
    }

    @Test
    void theSvgIsWellFormedWithTheLibrarysModuleCountAndQuietZone() throws Exception {
        String link = "https://pay.example.ht/checkout/abc";
        int modules = QrSvg.encode(link).size;

        Element svg = parse(QrSvg.of(link)).getDocumentElement();

        assertThat(svg.getTagName()).isEqualTo("svg");
        int side = modules + 2 * QrSvg.BORDER;
        assertThat(svg.getAttribute("viewBox")).isEqualTo("0 0 " + side + " " + side);
        Matcher squares = MODULE.matcher(svg.getElementsByTagName("path")
                .item(0)
                .getAttributes()
                .getNamedItem("d")
                .getNodeValue());
        int dark = 0;
        while (squares.find()) {
            dark++;
            assertThat(Integer.parseInt(squares.group(1))).isBetween(QrSvg.BORDER, QrSvg.BORDER + modules - 1);
            assertThat(Integer.parseInt(squares.group(2))).isBetween(QrSvg.BORDER, QrSvg.BORDER + modules - 1);
        }
        int expectedDark = 0;
        var qr = QrSvg.encode(link);
        for (int y = 0; y < modules; y++) {
            for (int x = 0; x < modules; x++) {
                expectedDark += qr.getModule(x, y) ? 1 : 0;
            }
        }
        assertThat(dark).isEqualTo(expectedDark).isPositive();
    }

    @Test
    void theSameTextGivesTheSameSvgAndAnotherTextAnotherOne() {
        assertThat(QrSvg.of("https://pay.example.ht/checkout/a"))
                .isEqualTo(QrSvg.of("https://pay.example.ht/checkout/a"));
        assertThat(QrSvg.of("https://pay.example.ht/checkout/a"))
                .isNotEqualTo(QrSvg.of("https://pay.example.ht/checkout/b"));
    }

    /** Draws the SVG's unit squares as a bitmap, the way a screen shows them, and reads it with ZXing. */
    private static String decode(String svgText) throws Exception {
        Element svg = parse(svgText).getDocumentElement();
        String[] box = svg.getAttribute("viewBox").split(" ");
        int side = Integer.parseInt(box[2]);
        int width = side * PIXELS_PER_MODULE;
        int[] pixels = new int[width * width];
        Arrays.fill(pixels, 0xFFFFFFFF);
        String d = svg.getElementsByTagName("path")
                .item(0)
                .getAttributes()
                .getNamedItem("d")
                .getNodeValue();
        Matcher squares = MODULE.matcher(d);
        while (squares.find()) {
            int x = Integer.parseInt(squares.group(1));
            int y = Integer.parseInt(squares.group(2));
            for (int dy = 0; dy < PIXELS_PER_MODULE; dy++) {
                for (int dx = 0; dx < PIXELS_PER_MODULE; dx++) {
                    pixels[(y * PIXELS_PER_MODULE + dy) * width + x * PIXELS_PER_MODULE + dx] = 0xFF000000;
                }
            }
        }
        var bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(width, width, pixels)));
        return new QRCodeReader()
                .decode(
                        bitmap,
                        Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE, DecodeHintType.CHARACTER_SET, "UTF-8"))
                .getText();
    }

    private static Document parse(String svg) throws Exception {
        var factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}
